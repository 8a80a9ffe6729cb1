import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { streamSeesComment } from '../live-entries/index.ts';
import { rowsOf } from './analytics-sql.ts';

/** The summary's name in analytics_summary_state. */
export const LIVE_SUMMARY = 'live';

/**
 * A run covers changes up to its start minus this margin: a poll that wrote `updated_at = now` but committed a
 * little after the run read the tables is then still "recent" for the next run and for the dashboard.
 */
const COMMIT_MARGIN = sql.raw(`interval '5 minutes'`);

/** How a live row's time is cut: to its quarter hour (the summary) or kept exact (ranges that are not aligned). */
export type LiveBin = 'quarter' | 'exact';

const binOf = (bin: LiveBin, column: SQL) =>
  bin === 'quarter'
    ? sql`date_bin(interval '15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`
    : column;

/**
 * The live figures of some campaigns from the base tables, one row per campaign × platform × time `at`:
 * comments at their ingestion (`created_at`); an entrant — a (campaign, platform, author) with a comment that
 * was not deleted — once, at their first such comment; an eligible entrant — a (campaign, platform, entrant key)
 * in a revealed draw's frozen list — once, at the first revealed draw that holds them. Counting each at one
 * moment makes every figure a plain sum over time and campaigns, so the summary can store it per quarter hour.
 * `campaignIs` is a condition on a campaign id column.
 */
export function liveRowsSql(bin: LiveBin, campaignIs: (column: SQL) => SQL): SQL {
  return sql`(
    with cs as (
      select s.campaign_id, s.platform, c.author_platform_id as author, c.created_at, c.deleted_at
      from live_comment c join live_stream s on ${streamSeesComment('s', 'c')}
      where ${campaignIs(sql`s.campaign_id`)}
    ),
    firsts as (
      select campaign_id, platform, min(created_at) as first_at
      from cs where deleted_at is null group by campaign_id, platform, author
    ),
    -- 'user:{id}' keys (a person linked on several platforms) count on the draw's platform, else the campaign's
    -- first platform.
    eligible_firsts as (
      select d.campaign_id,
        case
          when e.entrant_key like 'youtube:%' then 'youtube'
          when e.entrant_key like 'twitcasting:%' then 'twitcasting'
          else coalesce(d.platform, c.platforms[1])
        end as platform,
        min(d.revealed_at) as first_at
      from draw d
      join campaign c on c.id = d.campaign_id
      join draw_entrant e on e.draw_id = d.id
      where d.status = 'revealed' and d.revealed_at is not null and ${campaignIs(sql`d.campaign_id`)}
      group by 1, 2, e.entrant_key
    )
    select campaign_id, platform, at, sum(comments)::int as comments, sum(entrants)::int as entrants,
      sum(eligible)::int as eligible
    from (
      select campaign_id, platform, ${binOf(bin, sql`created_at`)} as at, count(*) as comments, 0 as entrants,
        0 as eligible
      from cs group by 1, 2, 3
      union all
      select campaign_id, platform, ${binOf(bin, sql`first_at`)}, 0, count(*), 0 from firsts group by 1, 2, 3
      union all
      select campaign_id, platform, ${binOf(bin, sql`first_at`)}, 0, 0, count(*) from eligible_firsts group by 1, 2, 3
    ) as u
    where platform in ('youtube', 'twitcasting')
    group by 1, 2, 3
  )`;
}

/**
 * Campaigns whose live figures may have changed at or after `since`: a poll writes its comments and deletions
 * in the same transaction as the stream's `updated_at`; comments carry `created_at`; draws `revealed_at`.
 */
export function touchedCampaignsSql(since: SQL): SQL {
  return sql`
    select campaign_id from live_stream where updated_at >= ${since}
    union
    select s.campaign_id from live_comment c join live_stream s on ${streamSeesComment('s', 'c')}
      where c.created_at >= ${since}
    union
    select campaign_id from draw where revealed_at >= ${since}`;
}

/** A text[] parameter (as JSON: one bound value whatever the length, on node-postgres and PGlite alike). */
export function textArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

export interface RefreshResult {
  campaigns: number;
  rows: number;
  coveredUntil: string;
}

/** The live summary's refresh (the job's work). */
export class AnalyticsSummaryRepository {
  constructor(private readonly db: Db) {}

  /**
   * Recomputes the quarter rows of every campaign touched since the last run (all campaigns with live data on
   * the first run), replacing theirs, and moves `covered_until` to this run's start minus the commit margin.
   * One transaction, serialised by an advisory lock, so two workers never interleave deletes and inserts.
   */
  async refresh(): Promise<RefreshResult> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics.refresh-summary'))`);
      const [state] = rowsOf<{ covered_until: string | Date }>(
        await tx.execute(sql`select covered_until from analytics_summary_state where name = ${LIVE_SUMMARY}`),
      );
      const campaigns = rowsOf<{ campaign_id: string }>(
        await tx.execute(
          state
            ? sql`select distinct campaign_id from (${touchedCampaignsSql(sql`${new Date(state.covered_until).toISOString()}::timestamptz`)}) as t`
            : sql`select campaign_id from live_stream union select campaign_id from draw`,
        ),
      ).map((row) => row.campaign_id);
      const ids = textArray(campaigns);
      await tx.execute(sql`delete from analytics_live_quarter where campaign_id = any(${ids})`);
      const [inserted] = rowsOf<{ rows: number }>(
        await tx.execute(sql`
          with added as (
            insert into analytics_live_quarter (campaign_id, platform, quarter, comments, entrants, eligible)
            select campaign_id, platform, at, comments, entrants, eligible
            from ${liveRowsSql('quarter', (column) => sql`${column} = any(${ids})`)} as r
            returning 1
          )
          select count(*)::int as rows from added
        `),
      );
      const [saved] = rowsOf<{ covered_until: string | Date }>(
        await tx.execute(sql`
          insert into analytics_summary_state (name, covered_until, refreshed_at)
          values (${LIVE_SUMMARY}, now() - ${COMMIT_MARGIN}, now())
          on conflict (name) do update
            set covered_until = excluded.covered_until, refreshed_at = excluded.refreshed_at
          returning covered_until
        `),
      );
      return {
        campaigns: campaigns.length,
        rows: inserted?.rows ?? 0,
        coveredUntil: new Date(saved!.covered_until).toISOString(),
      };
    });
  }
}
