/**
 * Analytics dashboard benchmark: `npm run bench:analytics`.
 *
 * Seeds a fresh private schema on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 * with 100k users, 10k campaigns, 300k deliveries, 30k signer transactions, 50k held claims and the live tables
 * (~15k streams, 1M comments, a revealed draw with its entrants and winners per ended campaign) using set-based
 * SQL, then times the dashboard (the service the route calls) for several ranges and intervals. Prints a table;
 * the goal is < 300 ms (median) for every case. The schema is dropped at the end unless `BENCH_KEEP=1` (to study
 * plans on it; drop it by hand). `BENCH_SCALE=0.1` runs a tenth of the size (a quick check).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { AnalyticsRepository } from '../../apps/server/src/modules/analytics/analytics.repository.ts';
import { AnalyticsService } from '../../apps/server/src/modules/analytics/analytics.service.ts';
import { seedStatements, type BenchSize } from './seed.sql.ts';

const GOAL_MS = 300;
const RUNS = 7;
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scale = Number(process.env.BENCH_SCALE ?? '1');
const size: BenchSize = {
  users: Math.round(100_000 * scale),
  campaigns: Math.round(10_000 * scale),
  deliveries: Math.round(300_000 * scale),
  transactions: Math.round(30_000 * scale),
  heldClaims: Math.round(50_000 * scale),
  comments: Math.round(1_000_000 * scale),
  days: 400,
};

const DAY = 86_400_000;
const cases = [
  { name: '30 days by day', days: 30, interval: 'day' },
  { name: '90 days by week', days: 90, interval: 'week' },
  { name: '365 days by month', days: 365, interval: 'month' },
  { name: '400 days by day', days: 400, interval: 'day' },
] as const;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The next local midnight in Tokyo: the web asks for whole local days (to = midnight after the last day). */
function nextTokyoMidnight(): number {
  const offset = 9 * 3_600_000;
  return Math.ceil((Date.now() + offset) / DAY) * DAY - offset;
}

async function timeCases(service: AnalyticsService) {
  const now = nextTokyoMidnight();
  const results: { name: string; median: number; max: number; buckets: number }[] = [];
  for (const item of cases) {
    const range = {
      from: new Date(now - item.days * DAY),
      to: new Date(now),
      interval: item.interval,
      timeZone: 'Asia/Tokyo',
    };
    await service.dashboard(range); // warm-up (plans, caches)
    const times: number[] = [];
    let buckets = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      buckets = (await service.dashboard(range)).series.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ name: item.name, median: times[Math.floor(RUNS / 2)]!, max: times.at(-1)!, buckets });
  }
  return results;
}

function print(title: string, results: Awaited<ReturnType<typeof timeCases>>) {
  console.log(`\n${title}\n| case | buckets | median | max | goal < ${GOAL_MS} ms |\n|---|---|---|---|---|`);
  for (const row of results) {
    console.log(
      `| ${row.name} | ${row.buckets} | ${ms(row.median)} | ${ms(row.max)} | ${row.median < GOAL_MS ? 'met' : 'MISSED'} |`,
    );
  }
}

async function main() {
  const schema = `bench_analytics_${crypto.randomBytes(4).toString('hex')}`;
  const database = await openPostgres(url, 4, schema);
  try {
    await runMigrations(database);
    const seedStarted = performance.now();
    for (const statement of seedStatements(size)) await database.pool!.query(statement);
    await database.pool!.query('analyze');
    const counts = await database.pool!.query(
      `select (select count(*) from app_user) as users, (select count(*) from campaign) as campaigns,
              (select count(*) from delivery) as deliveries, (select count(*) from chain_tx) as transactions,
              (select count(*) from held_claim) as held_claims, (select count(*) from live_stream) as streams,
              (select count(*) from live_comment) as comments, (select count(*) from draw_entrant) as entrants,
              (select count(*) from winner) as winners`,
    );
    console.log(`Seeded schema ${schema} in ${ms(performance.now() - seedStarted)}:`, counts.rows[0]);

    // A yardstick for the machine: the figures mean little on a loaded box, so print how busy it is and how long
    // a bare scan of the largest table takes right now.
    const scanStarted = performance.now();
    await database.pool!.query('select count(*) from delivery');
    console.log(
      `Load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')} on ${os.cpus().length} CPUs;` +
        ` a bare count(*) over delivery takes ${ms(performance.now() - scanStarted)}.`,
    );

    const repository = new AnalyticsRepository(database.db);
    const service = new AnalyticsService(repository);
    // What the scheduled job does in production; its first run summarises every campaign.
    const refreshStarted = performance.now();
    const refreshed = await repository.summary.refresh();
    console.log(`Summary job, first run: ${ms(performance.now() - refreshStarted)}`, refreshed);
    const results = await timeCases(service);
    print('After the summary job (0008), ranges of whole days in Asia/Tokyo', results);
    if (!results.every((row) => row.median < GOAL_MS)) process.exitCode = 1;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') {
      console.log(`Kept schema ${schema}: drop schema ${schema} cascade;`);
    } else {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

await main();
