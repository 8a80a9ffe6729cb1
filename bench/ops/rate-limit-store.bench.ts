/**
 * Rate-limit store benchmark: `npm run bench:ops` (needs BENCH_DATABASE_URL, a PostgreSQL database it may write
 * a private schema to).
 *
 * What the shared limits (decision 0143) cost per request: BENCH_REQUESTS (default 5,000) increments through the
 * PostgreSQL store, sequential (one request's added latency) and 32 at a time (throughput), against the
 * plugin's in-memory store measured in the same run as the baseline. Keys spread over 500 clients.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { postgresRateLimitStore } from '../../apps/server/src/http/rate-limit-store.ts';

type Store = {
  incr(key: string, callback: (error: Error | null) => void, timeWindow: number, max: number): void;
};

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  process.stderr.write('Set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).\n');
  process.exit(1);
}
const requests = Number(process.env.BENCH_REQUESTS ?? '5000');
const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
const database = await openPostgres(url, 40, schema);
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => Store;

const incr = (store: Store, i: number) =>
  new Promise<void>((resolve, reject) =>
    store.incr(
      `10.0.${(i % 500) >> 8}.${i % 256}`,
      (error) => (error ? reject(error) : resolve()),
      60_000,
      1e9,
    ),
  );

async function measure(
  store: Store,
  concurrency: number,
): Promise<{ usPerRequest: number; perSecond: number }> {
  const startedAt = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await incr(store, (next += 1));
    }),
  );
  const ms = performance.now() - startedAt;
  return { usPerRequest: (ms * 1000) / requests, perSecond: Math.round((requests / ms) * 1000) };
}

try {
  await runMigrations(database);
  const Postgres = postgresRateLimitStore(database.pool!) as unknown as new (options: object) => Store;
  const local = new LocalStore(false, false, 5000);
  const shared = new Postgres({});
  await measure(shared, 8); // warm the pool and the table
  const rows: Array<[string, { usPerRequest: number; perSecond: number }]> = [
    ['memory (baseline), sequential', await measure(local, 1)],
    ['PostgreSQL, sequential', await measure(shared, 1)],
    ['memory (baseline), 32 at a time', await measure(local, 32)],
    ['PostgreSQL, 32 at a time', await measure(shared, 32)],
  ];
  process.stdout.write(`Rate-limit store, ${requests} increments each, 500 client keys\n`);
  for (const [name, { usPerRequest, perSecond }] of rows) {
    process.stdout.write(
      `  ${name.padEnd(34)} ${usPerRequest.toFixed(1).padStart(8)} µs/request  ${perSecond} /s\n`,
    );
  }
} finally {
  await database.pool!.query(`drop schema if exists ${schema} cascade`);
  await database.close();
}
