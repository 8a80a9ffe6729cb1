/**
 * Rate-limit store benchmark: `npm run bench:ops` (needs BENCH_DATABASE_URL, a PostgreSQL database it may write
 * a private schema to).
 *
 * What the shared limits cost per request: BENCH_REQUESTS (default 5,000) increments, sequential (one request's
 * added latency) and 32 at a time (throughput), through the PostgreSQL store's leased global limiter (decision
 * 0145), through its exact per-route store (one upsert per request, what every request paid under decision 0143),
 * and through the plugin's in-memory store as the baseline, all in the same run. Keys spread over 500 clients, with
 * the default limit of 600 a minute: each client's first request asks the table, the next ones mostly do not.
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
      600,
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
  const Postgres = postgresRateLimitStore(database.pool!) as unknown as new (options: object) => Store & {
    child(options: object): Store;
  };
  // Each measurement on its own store and its own key space, so no run starts with another's leases.
  const leased = () => new Postgres({});
  const exact = () =>
    new Postgres({}).child({ routeInfo: { method: 'GET', url: `/bench/${crypto.randomUUID()}` } });
  const memory = () => new LocalStore(false, false, 5000);
  await measure(exact(), 8); // warm the pool and the table
  const rows: Array<[string, { usPerRequest: number; perSecond: number }]> = [
    ['memory (baseline), sequential', await measure(memory(), 1)],
    ['PostgreSQL leased, sequential', await measure(leased(), 1)],
    ['PostgreSQL exact, sequential', await measure(exact(), 1)],
    ['memory (baseline), 32 at a time', await measure(memory(), 32)],
    ['PostgreSQL leased, 32 at a time', await measure(leased(), 32)],
    ['PostgreSQL exact, 32 at a time', await measure(exact(), 32)],
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
