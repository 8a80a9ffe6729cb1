import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_INTERVALS, type AnalyticsInterval } from '@hanabi/api';
import type { Db } from '../../db/client.ts';

export interface AnalyticsRange {
  from: Date;
  to: Date;
  interval: AnalyticsInterval;
  timeZone: string;
}

// Types, not interfaces: db.execute wants rows with an index signature.
export type SeriesRow = {
  bucket: string;
  signups_streamer: number;
  signups_audience: number;
  active_campaigns: number;
  deliveries_queued: number;
  deliveries_submitted: number;
  deliveries_confirmed: number;
  deliveries_failed: number;
  deliveries_cancelled: number;
  gas_used: string;
  held_created: number;
  held_released: number;
};

export type TotalsRow = Omit<SeriesRow, 'bucket'> & { transactions: number };

export type PlatformRow = {
  platform: 'youtube' | 'twitcasting' | 'hanabi';
  created: number;
  released: number;
  delivered: number;
  still_held: number;
};

const DELIVERY_STATUS_COUNTS = sql.raw(
  ['queued', 'submitted', 'confirmed', 'failed', 'cancelled']
    .map((status) => `count(*) filter (where status = '${status}')::int as deliveries_${status}`)
    .join(', '),
);

/**
 * The dashboard's figures, computed by the database. Buckets are local times in the range's zone
 * (`date_trunc(unit, ts at time zone tz)`), generated with generate_series so empty ones appear with zeros.
 * Every event is counted once, in the bucket of its own timestamp, and only inside [from, to).
 */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The figures per bucket and, in the same statement, their totals over the range (a last row with bucket
   * `total`): every table is read once. Only active campaigns (each campaign once) and the transaction count
   * need their own small aggregates.
   */
  async series(range: AnalyticsRange): Promise<{ series: SeriesRow[]; totals: TotalsRow }> {
    const { from, to, tz, unit, step } = parts(range);
    const bucketOf = (column: SQL) => sql`date_trunc(${unit}, ${column} at time zone ${tz})`;
    const inRange = (column: SQL) => sql`${column} >= ${from} and ${column} < ${to}`;
    const result = await this.withoutJit((db) =>
      db.execute<SeriesRow>(sql`
      with buckets as (
        select b from generate_series(
          date_trunc(${unit}, ${from} at time zone ${tz}),
          (${to} at time zone ${tz}) - interval '1 microsecond',
          ${step}
        ) as b
      ),
      signups as (
        select ${bucketOf(sql`created_at`)} as b,
          count(*) filter (where type = 'streamer')::int as streamer,
          count(*) filter (where type = 'audience')::int as audience
        from app_user where ${inRange(sql`created_at`)} group by 1
      ),
      -- Active campaigns by a sweep instead of a bucket × campaign join: each campaign overlapping the range adds
      -- one from the bucket it starts in and takes it away from the bucket after the one it ends in (ends_at is
      -- exclusive); a bucket's level is the sum of the changes up to it. Materialized: a few hundred rows.
      overlapping as (
        select starts_at, ends_at from campaign
        where status <> 'draft' and starts_at < ${to} and ends_at > ${from}
      ),
      changes as materialized (
        select k, sum(n)::int as n from (
          select ${bucketOf(sql`starts_at`)} as k, 1 as n from overlapping
          union all
          select ${bucketOf(sql`(ends_at - interval '1 microsecond')`)} + ${step} as k, -1 as n from overlapping
        ) as d
        group by k
      ),
      active as (
        select buckets.b, coalesce(sum(changes.n), 0)::int as n
        from buckets left join changes on changes.k <= buckets.b
        group by buckets.b
      ),
      deliveries as (
        select ${bucketOf(sql`created_at`)} as b, ${DELIVERY_STATUS_COUNTS}
        from delivery where ${inRange(sql`created_at`)} group by 1
      ),
      gas as (
        select ${bucketOf(sql`finished_at`)} as b, sum(gas_used) as gas, count(*)::int as transactions
        from chain_tx where gas_used is not null and ${inRange(sql`finished_at`)} group by 1
      ),
      held_created as (
        select ${bucketOf(sql`created_at`)} as b, count(*)::int as n
        from held_claim where ${inRange(sql`created_at`)} group by 1
      ),
      held_released as (
        select ${bucketOf(sql`released_at`)} as b, count(*)::int as n
        from held_claim where ${inRange(sql`released_at`)} group by 1
      ),
      per_bucket as (
        select
          buckets.b,
          coalesce(signups.streamer, 0) as signups_streamer,
          coalesce(signups.audience, 0) as signups_audience,
          active.n as active_campaigns,
          coalesce(deliveries.deliveries_queued, 0) as deliveries_queued,
          coalesce(deliveries.deliveries_submitted, 0) as deliveries_submitted,
          coalesce(deliveries.deliveries_confirmed, 0) as deliveries_confirmed,
          coalesce(deliveries.deliveries_failed, 0) as deliveries_failed,
          coalesce(deliveries.deliveries_cancelled, 0) as deliveries_cancelled,
          coalesce(gas.gas, 0) as gas_used,
          coalesce(gas.transactions, 0) as transactions,
          coalesce(held_created.n, 0) as held_created,
          coalesce(held_released.n, 0) as held_released
        from buckets
        join active on active.b = buckets.b
        left join signups on signups.b = buckets.b
        left join deliveries on deliveries.b = buckets.b
        left join gas on gas.b = buckets.b
        left join held_created on held_created.b = buckets.b
        left join held_released on held_released.b = buckets.b
      )
      select * from (
        select 0 as part,
          to_char(b at time zone ${tz} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as bucket,
          signups_streamer, signups_audience, active_campaigns, deliveries_queued, deliveries_submitted,
          deliveries_confirmed, deliveries_failed, deliveries_cancelled, gas_used::text as gas_used,
          transactions, held_created, held_released
        from per_bucket
        union all
        select 1, 'total', sum(signups_streamer)::int, sum(signups_audience)::int,
          (select count(*)::int from overlapping),
          sum(deliveries_queued)::int, sum(deliveries_submitted)::int, sum(deliveries_confirmed)::int,
          sum(deliveries_failed)::int, sum(deliveries_cancelled)::int, sum(gas_used)::text,
          sum(transactions)::int, sum(held_created)::int, sum(held_released)::int
        from per_bucket
      ) as figures
      order by part, bucket
    `),
    );
    const rows = rowsOf<SeriesRow & { transactions: number }>(result);
    const totals = rows.pop()!;
    return { series: rows, totals };
  }

  /**
   * The planner cannot see how few rows generate_series and the grouped CTEs give, so its cost estimate crosses
   * PostgreSQL's JIT threshold and compiling the query takes longer (~75 ms) than running it. Plain execution.
   */
  private withoutJit<T>(run: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return run(tx as unknown as Db);
    });
  }

  /** Held claims created in the range, per platform (every platform listed, zeros included). */
  async heldClaimsByPlatform(range: AnalyticsRange): Promise<PlatformRow[]> {
    const { from, to } = parts(range);
    const result = await this.db.execute<PlatformRow>(sql`
      select p.platform,
        count(h.id)::int as created,
        count(h.id) filter (where h.status = 'released')::int as released,
        count(h.id) filter (where h.status = 'released' and d.status = 'confirmed')::int as delivered,
        count(h.id) filter (where h.status = 'held')::int as still_held
      from (values ('youtube'), ('twitcasting'), ('hanabi')) as p(platform)
      left join held_claim h on h.platform = p.platform and h.created_at >= ${from} and h.created_at < ${to}
      left join delivery d on d.id = h.delivery_id
      group by p.platform
      order by p.platform = 'hanabi', p.platform desc
    `);
    return rowsOf<PlatformRow>(result);
  }
}

/** node-postgres and PGlite both answer `{ rows }`; the shared Db type does not say so. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function parts(range: AnalyticsRange) {
  if (!ANALYTICS_INTERVALS.includes(range.interval)) throw new Error(`bad interval ${range.interval}`);
  return {
    from: sql`${range.from.toISOString()}::timestamptz`,
    to: sql`${range.to.toISOString()}::timestamptz`,
    tz: sql`${range.timeZone}::text`,
    // The unit comes from a validated enum; date_trunc and interval need it as a literal.
    unit: sql.raw(`'${range.interval}'`),
    step: sql.raw(`interval '1 ${range.interval}'`),
  };
}
