/**
 * Draw latency benchmark (part of `npm run bench:live`): the verifiable draw over 10⁴, 10⁵ and 10⁶ entrants —
 * canonical list (distinct + sorted), its hash, the seed and 10 winners — as the server and the proof page run
 * it. Goal: a 10⁶-entrant draw under 2 s on the project's 2-core machine.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import {
  canonicalEntrants,
  entrantsHashOf,
  newSecret,
  pickWinners,
  seedOf,
} from '../../packages/draw/src/index.ts';

const GOAL_MS = 2000;
const sizes = [10_000, 100_000, 1_000_000];

process.stdout.write('\nHanabi draw latency (hanabi-draw-v1, 10 winners)\n');
let failed = false;
for (const size of sizes) {
  // Comment authors arrive in chat order, with repeats: the draw de-duplicates and sorts them.
  const keys = Array.from({ length: size }, (_, i) =>
    i % 2 === 0
      ? `youtube:UC${crypto.randomBytes(16).toString('base64url').slice(0, 22)}`
      : `twitcasting:${1e9 + i}`,
  );
  keys.push(...keys.slice(0, Math.floor(size / 10)));
  const { secret } = await newSecret();
  const started = performance.now();
  const entrants = canonicalEntrants(keys);
  const sorted = performance.now();
  const entrantsHash = await entrantsHashOf(entrants);
  const seed = await seedOf({ secret, entrantsHash, beaconValue: 'ab'.repeat(32), drawId: `bench-${size}` });
  const winners = await pickWinners(seed, entrants.length, 10);
  const total = performance.now() - started;
  const sortMs = sorted - started;
  if (winners.length !== 10) throw new Error('wrong winner count');
  // The server reads entrants already distinct and sorted (ORDER BY … COLLATE "C"); the proof page gets them so.
  const again = performance.now();
  const checked = canonicalEntrants(entrants);
  await pickWinners(
    await seedOf({
      secret,
      entrantsHash: await entrantsHashOf(checked),
      beaconValue: 'ab'.repeat(32),
      drawId: 'again',
    }),
    checked.length,
    10,
  );
  const presorted = performance.now() - again;
  if (size === 1_000_000 && total > GOAL_MS) failed = true;
  process.stdout.write(
    `  ${size.toLocaleString('en-US').padStart(9)} entrants   ${total.toFixed(0).padStart(5)} ms  (de-duplicate + sort ${sortMs.toFixed(0)} ms, hash + seed + pick ${(total - sortMs).toFixed(0)} ms); pre-sorted ${presorted.toFixed(0)} ms\n`,
  );
}
process.stdout.write(
  `  goal: 1,000,000 entrants under ${GOAL_MS} ms from chat order — ${failed ? 'MISSED' : 'met'} (load average ${os.loadavg()[0]!.toFixed(1)})\n`,
);
if (failed) process.exitCode = 1;

// The full service draw on PostgreSQL (entrant freeze in SQL, reveal, proof): BENCH_SERVICE_DRAW=0 skips it.
if (process.env.BENCH_SERVICE_DRAW !== '0') await import('./service-draw.bench.ts');
