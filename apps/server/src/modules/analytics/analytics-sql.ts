import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_INTERVALS, type AnalyticsInterval } from '@hanabi/api';
import type { Db } from '../../db/client.ts';

/** What the dashboard asks for: `[from, to)` cut into `interval` buckets that start at local times of `timeZone`. */
export interface AnalyticsRange {
  from: Date;
  to: Date;
  interval: AnalyticsInterval;
  timeZone: string;
}

/** node-postgres and PGlite both answer `{ rows }`; the shared Db type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The range as SQL fragments shared by every dashboard statement. */
export function parts(range: AnalyticsRange) {
  if (!ANALYTICS_INTERVALS.includes(range.interval)) throw new Error(`bad interval ${range.interval}`);
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const tz = sql`${range.timeZone}::text`;
  // The unit comes from a validated enum; date_trunc and interval need it as a literal.
  const unit = sql.raw(`'${range.interval}'`);
  const step = sql.raw(`interval '1 ${range.interval}'`);
  return {
    from,
    to,
    tz,
    unit,
    step,
    bucketOf: (column: SQL) => sql`date_trunc(${unit}, ${column} at time zone ${tz})`,
    inRange: (column: SQL) => sql`${column} >= ${from} and ${column} < ${to}`,
    /** Every bucket start (local timestamp), so empty buckets appear with zeros. */
    buckets: sql`select b from generate_series(
      date_trunc(${unit}, ${from} at time zone ${tz}),
      (${to} at time zone ${tz}) - interval '1 microsecond',
      ${step}
    ) as b`,
    /** A local bucket start as the ISO instant the API answers with. */
    bucketLabel: (column: SQL) =>
      sql`to_char(${column} at time zone ${tz} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };
}

/**
 * The planner cannot see how few rows generate_series and the grouped CTEs give, so its cost estimate crosses
 * PostgreSQL's JIT threshold and compiling the query takes longer (~75 ms) than running it. Plain execution.
 */
export function withoutJit<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx as unknown as Db);
  });
}
