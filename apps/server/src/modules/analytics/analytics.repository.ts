import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { effectiveStatusSql } from '../campaigns/index.ts';
import { LiveAnalyticsRepository } from './analytics-live.repository.ts';
import { parts, rowsOf, withoutJit, type AnalyticsRange } from './analytics-sql.ts';
import { AnalyticsSummaryRepository } from './analytics-summary.repository.ts';
import type { LivePlatform } from '@hanabi/api';

export type { AnalyticsRange } from './analytics-sql.ts';

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
  platform: LivePlatform | 'hanabi';
  created: number;
  released: number;
  delivered: number;
  still_held: number;
};

/** Campaigns overlapping the range, by their status now (drafts never count). */
export type CampaignStatusRow = { scheduled: number; live: number; ended: number };

const DELIVERY_STATUSES = ['queued', 'submitted', 'confirmed', 'failed', 'cancelled'] as const;
type DeliveryColumn = `deliveries_${(typeof DELIVERY_STATUSES)[number]}`;
type DeliveryRow = { bucket: string } & Record<DeliveryColumn, number>;
const DELIVERY_COLUMNS = DELIVERY_STATUSES.map((status) => `deliveries_${status}` as DeliveryColumn);
const DELIVERY_STATUS_COUNTS = sql.raw(
  DELIVERY_STATUSES.map(
    (status) => `count(*) filter (where status = '${status}')::int as deliveries_${status}`,
  ).join(', '),
);

/**
 * The dashboard's figures, computed by the database. Buckets are local times in the range's zone
 * (`date_trunc(unit, ts at time zone tz)`), generated with generate_series so empty ones appear with zeros.
 * Every event is counted once, in the bucket of its own timestamp, and only inside [from, to).
 */
export class AnalyticsRepository {
  /** The live figures (comments, entry funnel, quota): their own statement, run beside `series`. */
  readonly live: LiveAnalyticsRepository;
  /** The live summary the refresh job keeps (its job comes from `wireAnalytics`). */
  readonly summary: AnalyticsSummaryRepository;

  constructor(private readonly db: Db) {
    this.live = new LiveAnalyticsRepository(db);
    this.summary = new AnalyticsSummaryRepository(db);
  }

  /**
   * The figures per bucket and their totals over the range (a last row with bucket `total`), every table read
   * once. Deliveries, the largest table, run as a second statement beside the others (its own connection on
   * PostgreSQL): the two halves take about as long each, so the answer comes in about half the time.
   */
  async series(range: AnalyticsRange): Promise<{ series: SeriesRow[]; totals: TotalsRow }> {
    const [others, deliveries] = await Promise.all([this.otherFigures(range), this.deliveryFigures(range)]);
    const byBucket = new Map(deliveries.map((row) => [row.bucket, row]));
    const rows = others.map((row) => ({ ...row, ...byBucket.get(row.bucket)! }));
    const totals = rows.pop()!;
    return { series: rows, totals };
  }

  /** Deliveries created per bucket by current status, and a `total` row. */
  private async deliveryFigures(range: AnalyticsRange): Promise<DeliveryRow[]> {
    const { bucketOf, inRange, buckets, bucketLabel } = parts(range);
    const result = await withoutJit(this.db, (db) =>
      db.execute<DeliveryRow>(sql`
      with buckets as (${buckets}),
      deliveries as (
        select ${bucketOf(sql`created_at`)} as b, ${DELIVERY_STATUS_COUNTS}
        from delivery where ${inRange(sql`created_at`)} group by 1
      ),
      per_bucket as (
        select buckets.b, ${sql.raw(DELIVERY_COLUMNS.map((column) => `coalesce(deliveries.${column}, 0) as ${column}`).join(', '))}
        from buckets left join deliveries on deliveries.b = buckets.b
      )
      select * from (
        select 0 as part, ${bucketLabel(sql`b`)} as bucket, ${sql.raw(DELIVERY_COLUMNS.join(', '))}
        from per_bucket
        union all
        select 1, 'total', ${sql.raw(DELIVERY_COLUMNS.map((column) => `sum(${column})::int`).join(', '))}
        from per_bucket
      ) as figures
      order by part, bucket
    `),
    );
    return rowsOf<DeliveryRow>(result);
  }

  /** Everything but deliveries, per bucket, and a `total` row. */
  private async otherFigures(
    range: AnalyticsRange,
  ): Promise<(Omit<SeriesRow, DeliveryColumn> & { transactions: number })[]> {
    const { from, to, step, bucketOf, inRange, buckets, bucketLabel } = parts(range);
    const result = await withoutJit(this.db, (db) =>
      db.execute<SeriesRow>(sql`
      with buckets as (${buckets}),
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
          coalesce(gas.gas, 0) as gas_used,
          coalesce(gas.transactions, 0) as transactions,
          coalesce(held_created.n, 0) as held_created,
          coalesce(held_released.n, 0) as held_released
        from buckets
        join active on active.b = buckets.b
        left join signups on signups.b = buckets.b
        left join gas on gas.b = buckets.b
        left join held_created on held_created.b = buckets.b
        left join held_released on held_released.b = buckets.b
      )
      select * from (
        select 0 as part, ${bucketLabel(sql`b`)} as bucket,
          signups_streamer, signups_audience, active_campaigns, gas_used::text as gas_used,
          transactions, held_created, held_released
        from per_bucket
        union all
        select 1, 'total', sum(signups_streamer)::int, sum(signups_audience)::int,
          (select count(*)::int from overlapping), sum(gas_used)::text,
          sum(transactions)::int, sum(held_created)::int, sum(held_released)::int
        from per_bucket
      ) as figures
      order by part, bucket
    `),
    );
    return rowsOf<Omit<SeriesRow, DeliveryColumn> & { transactions: number }>(result);
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

  /**
   * The campaigns the active-campaign total counts (published, period overlapping the range), by their status
   * as of `now`, judged as every campaign read judges it: the three add up to that total.
   */
  async campaignsByStatus(range: AnalyticsRange, now: Date): Promise<CampaignStatusRow> {
    const { from, to } = parts(range);
    const result = await this.db.execute<CampaignStatusRow>(sql`
      select
        count(*) filter (where now_status = 'scheduled')::int as scheduled,
        count(*) filter (where now_status = 'live')::int as live,
        count(*) filter (where now_status = 'ended')::int as ended
      from (
        select ${effectiveStatusSql(now)} as now_status from campaign
        where status <> 'draft' and starts_at < ${to} and ends_at > ${from}
      ) as overlapping
    `);
    return rowsOf<CampaignStatusRow>(result)[0]!;
  }
}
