import { sql, type SQL } from 'drizzle-orm';
import type { LivePlatform } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { parts, rowsOf, withoutJit, type AnalyticsRange } from './analytics-sql.ts';
import { LIVE_SUMMARY, liveRowsSql, textArray, touchedCampaignsSql } from './analytics-summary.repository.ts';

/** Where the comment and entry figures come from (the dashboard says `auto`; tests compare with `base`). */
export type LiveSource = 'auto' | 'base';

/** One platform's live figures in one bucket, or over the range when `bucket` is `total`. */
export type LiveRow = {
  bucket: string;
  platform: LivePlatform;
  comments: number;
  entrants: number;
  eligible: number;
  winners: number;
  held: number;
  delivered: number;
  /** YouTube quota units of the bucket (on the youtube row; 0 on the others). */
  quota: number;
};

/**
 * The live figures per bucket × platform (decision 0024). Comments, entrants and eligible entrants come from
 * `analytics_live_quarter` (kept by the refresh job) for every campaign not touched since the job's last run,
 * and from the base tables for the touched ones, so the answer is current without reading every comment; a
 * range whose bucket edges are not on quarter hours, or a database the job has not summarised yet, is computed
 * from the base tables alone. Winners, held, delivered (by the winner's `created_at`, its delivery's current
 * state) and YouTube quota (by its Pacific quota day) are small tables read directly. Every figure is a sum over time (entrants
 * and eligible entrants count once per campaign, at their first comment / first revealed draw), so the totals
 * are the sums of the buckets.
 */
export class LiveAnalyticsRepository {
  constructor(private readonly db: Db) {}

  async series(
    range: AnalyticsRange,
    source: LiveSource = 'auto',
  ): Promise<{ series: LiveRow[]; totals: LiveRow[] }> {
    const { from, to, tz, unit, bucketOf, inRange, buckets, bucketLabel } = parts(range);
    const liveSource = await this.liveRows(range, source);
    const result = await withoutJit(this.db, (db) =>
      db.execute<LiveRow>(sql`
      with buckets as (${buckets}),
      platforms as (select * from (values ('youtube'), ('twitcasting')) as p(platform)),
      live as (
        select ${bucketOf(sql`at`)} as b, platform, sum(comments)::int as comments,
          sum(entrants)::int as entrants, sum(eligible)::int as eligible
        from (${liveSource}) as r
        where ${inRange(sql`at`)}
        group by 1, 2
      ),
      -- A winner's delivery state is not stored on the winner: it is their delivery's (directly, or through the
      -- held claim it was released to), as the live room shows it (draws.repository effectiveStatus).
      winners as (
        select ${bucketOf(sql`w.created_at`)} as b, w.platform,
          count(*)::int as winners,
          count(*) filter (where w.held_claim_id is not null)::int as held,
          count(*) filter (
            where w.status <> 'drawn' and coalesce(d.status, hd.status) = 'confirmed'
          )::int as delivered
        from winner w
        left join delivery d on d.id = w.delivery_id
        left join held_claim h on h.id = w.held_claim_id
        left join delivery hd on hd.id = h.delivery_id
        where w.status <> 'excluded' and ${inRange(sql`w.created_at`)}
        group by 1, 2
      ),
      -- quota_day is YouTube's day (midnight to midnight Pacific) as 'YYYY-MM-DD', one ledger row per stream and
      -- day (only YouTube spends quota): it counts in the local bucket
      -- holding that date, for the dates from the range's first local day to its end.
      quota as (
        select date_trunc(${unit}, quota_day::date::timestamp) as b, sum(units)::int as n
        from live_quota_usage
        where quota_day >= to_char(${from} at time zone ${tz}, 'YYYY-MM-DD')
          and quota_day::date::timestamp < (${to} at time zone ${tz})
        group by 1
      ),
      per_bucket as (
        select buckets.b, platforms.platform,
          coalesce(live.comments, 0) as comments,
          coalesce(live.entrants, 0) as entrants,
          coalesce(live.eligible, 0) as eligible,
          coalesce(winners.winners, 0) as winners,
          coalesce(winners.held, 0) as held,
          coalesce(winners.delivered, 0) as delivered,
          case when platforms.platform = 'youtube' then coalesce(quota.n, 0) else 0 end as quota
        from buckets
        cross join platforms
        left join live on live.b = buckets.b and live.platform = platforms.platform
        left join winners on winners.b = buckets.b and winners.platform = platforms.platform
        left join quota on quota.b = buckets.b
      )
      select * from (
        select 0 as part, ${bucketLabel(sql`b`)} as bucket, platform, comments, entrants, eligible, winners,
          held, delivered, quota
        from per_bucket
        union all
        select 1, 'total', platform, sum(comments)::int, sum(entrants)::int, sum(eligible)::int,
          sum(winners)::int, sum(held)::int, sum(delivered)::int, sum(quota)::int
        from per_bucket
        group by platform
      ) as figures
      order by part, bucket, platform = 'twitcasting'
    `),
    );
    const rows = rowsOf<LiveRow & { part: number }>(result);
    return {
      series: rows.filter((row) => row.part === 0),
      totals: rows.filter((row) => row.part === 1),
    };
  }

  /**
   * The rows (campaign, platform, at, comments, entrants, eligible) to bucket: summary + touched campaigns, or
   * the base tables alone. One small statement decides: the job's watermark, the campaigns touched since, and
   * whether `from`, `to` and every bucket start fall on a quarter hour (they do for whole days in every zone
   * in use, whose offsets are multiples of 15 minutes).
   */
  private async liveRows(range: AnalyticsRange, source: LiveSource): Promise<SQL> {
    const { from, to, tz, buckets } = parts(range);
    const exact = liveRowsSql('exact', () => sql`true`);
    if (source === 'base') return exact;
    const quarter = (column: SQL) =>
      sql`date_bin(interval '15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00') = ${column}`;
    const [plan] = rowsOf<{ covered: boolean; aligned: boolean; touched: string[] }>(
      await this.db.execute(sql`
        with state as (select covered_until from analytics_summary_state where name = ${LIVE_SUMMARY})
        select exists (select 1 from state) as covered,
          ${quarter(from)} and ${quarter(to)}
            and (select bool_and(${quarter(sql`(b at time zone ${tz})`)}) from (${buckets}) as bs) as aligned,
          coalesce((select array_agg(campaign_id) from (
            ${touchedCampaignsSql(sql`(select covered_until from state)`)}
          ) as t), '{}') as touched
      `),
    );
    if (!plan?.aligned) return exact;
    // Not summarised yet: everything from the base tables, cut to quarter hours (fewer groups than exact times).
    if (!plan.covered) return liveRowsSql('quarter', () => sql`true`);
    const touched = textArray(plan.touched);
    return sql`
      select campaign_id, platform, quarter as at, comments, entrants, eligible
      from analytics_live_quarter
      where quarter >= ${from} and quarter < ${to} and not (campaign_id = any(${touched}))
      union all
      select * from ${liveRowsSql('quarter', (column) => sql`${column} = any(${touched})`)} as fresh`;
  }
}
