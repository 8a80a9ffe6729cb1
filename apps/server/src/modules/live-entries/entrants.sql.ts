import { sql, type SQL } from 'drizzle-orm';
import type { LivePlatform } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import type { CampaignEntryRule } from '../../db/schema.ts';
import { eligibleCommentCondition } from './entry-rule.ts';
import { streamSeesComment } from './stream-comments.sql.ts';
import { joinLinkedUser } from '../platform-identities/index.ts';

/*
 * The entrants of a campaign, set-based (docs/design.md §6; decision 0042): distinct eligible authors over ALL
 * the campaign's live streams, keyed so one person counts once.
 *
 * - Key: `{platform}:{author id}` (`youtube:{channel id}`, `twitcasting:{user id}`), or `user:{app user id}` when
 *   that platform identity is linked to a Hanabi user (a `platform_identity` row, decision 0228): a linked person
 *   commenting on both platforms of a simulcast is one entrant.
 * - onePerPerson: an entrant is a key, never a comment, so everyone has exactly one entry whatever the flag
 *   says. Weighting by comment count would reward spam, and the original product has no weighted draws: the
 *   flag is kept for the form and documented as always-on.
 * - Left out (`blocked`): this campaign's winners — excluded ones too, so a re-draw never picks the person the
 *   streamer just excluded — and, cooldownDays > 0, anyone who won a prize of this streamer (any campaign, not
 *   excluded) in the cooldown before the draw. A past win blocks
 *   the key it was won under, its platform identity, and the Hanabi user that identity belongs to (then or now).
 * - Keys that are not printable ASCII (never expected from the platforms) are left out rather than breaking the
 *   canonical list.
 * - The display name is the author name on the person's first eligible comment.
 */

/**
 * Who an entrant key stands for, stored beside it at the freeze (decision 0182): the platform identity of the
 * entrant's first eligible comment, and the Hanabi user it was linked to then (null when unlinked).
 */
export interface EntrantIdentity {
  platform: LivePlatform;
  platformUserId: string;
  userId: string | null;
}

export interface EntryCampaign {
  id: string;
  streamerId: string;
  startsAt: Date;
  endsAt: Date;
  entriesClosedAt?: Date | null;
  entryRule: CampaignEntryRule;
}

export interface EntrantScope {
  /** The moment entries are counted at (a draw's close time T); cooldowns reach back from it. */
  at: Date;
  /** Leave out this campaign's winners (a draw does; counts shown to the streamer do not). */
  excludeCampaignWinners: boolean;
  /** Only comments of these streams (default: every stream of the campaign). */
  liveStreamIds?: string[];
  /**
   * Only comments the platform published at or before this instant: a draw's freeze at T (decision 0204), whatever
   * the time they reached this server.
   */
  publishedUpTo?: Date;
}

/** node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Printable ASCII, 1–200 characters (what `canonicalEntrants` accepts). Written as a length check and a negated
 * class: PostgreSQL's regex engine makes `^[!-~]{1,200}$` cost ~25 µs a row (seconds over 10⁵ entrants).
 */
const PRINTABLE_KEY = sql.raw(
  `(octet_length(e.entrant_key) between 1 and 200 and e.entrant_key !~ '[^!-~]')`,
);

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Keys past wins block (see above); never null. */
function blockedKeys(campaign: EntryCampaign, scope: EntrantScope): SQL {
  const cooldown = Math.max(0, Math.floor(campaign.entryRule.cooldownDays ?? 0));
  const ofCampaign = scope.excludeCampaignWinners ? sql`w.campaign_id = ${campaign.id}` : sql`false`;
  const ofStreamer =
    cooldown > 0
      ? sql`(wc.streamer_id = ${campaign.streamerId}
             and w.created_at > ${ts(scope.at)} - make_interval(days => ${cooldown}::int))`
      : sql`false`;
  return sql`
    past as (
      select w.entrant_key, w.platform, w.platform_user_id, w.user_id
      from winner w join campaign wc on wc.id = w.campaign_id
      where ${ofCampaign} or (w.status <> 'excluded' and ${ofStreamer})
    ),
    blocked as (
      select entrant_key as key from past
      union select platform || ':' || platform_user_id from past
      union select 'user:' || user_id from past where user_id is not null
      union select 'user:' || linked.user_id from past p
        ${joinLinkedUser('linked', sql`p.platform`, sql`p.platform_user_id`)}
        where linked.user_id is not null
    )`;
}

/**
 * `with … entrants(entrant_key, display_name, platform, platform_user_id, user_id, live_stream_id)`: one row per
 * distinct allowed key. Append a select over `entrants`.
 */
export function entrantsCte(campaign: EntryCampaign, scope: EntrantScope): SQL {
  const streams = scope.liveStreamIds
    ? sql`and live_stream.id in (${sql.join(
        scope.liveStreamIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const published = scope.publishedUpTo
    ? sql`and live_comment.published_at <= ${ts(scope.publishedUpTo)}`
    : sql``;
  return sql`with ${blockedKeys(campaign, scope)},
    eligible as (
      select
        coalesce('user:' || linked.user_id, live_stream.platform || ':' || live_comment.author_platform_id)
          as entrant_key,
        live_comment.author_name as display_name,
        live_stream.platform as platform,
        live_comment.author_platform_id as platform_user_id,
        linked.user_id as user_id,
        live_stream.id as live_stream_id,
        live_comment.published_at as published_at,
        live_comment.id as comment_id
      from live_comment
      -- A campaign has at most one stream per chat, so each comment counts once for it.
      join live_stream on ${streamSeesComment('live_stream', 'live_comment')}
      ${joinLinkedUser('linked', sql`live_stream.platform`, sql`live_comment.author_platform_id`)}
      where live_stream.campaign_id = ${campaign.id} ${streams} ${published}
        and ${eligibleCommentCondition(campaign.entryRule, campaign)}
    ),
    entrants as (
      -- Sorting in "C" (byte) order is both the canonical order and much cheaper than a locale's.
      select distinct on (e.entrant_key collate "C")
        e.entrant_key, e.display_name, e.platform, e.platform_user_id, e.user_id, e.live_stream_id
      from eligible e
      where ${PRINTABLE_KEY}
        and not exists (select 1 from blocked b where b.key = e.entrant_key)
        and not exists (select 1 from blocked b where b.key = e.platform || ':' || e.platform_user_id)
      order by e.entrant_key collate "C", e.published_at, e.comment_id
    )`;
}

/**
 * Freezes a draw's entrant list at its close time T (`at`): the comments the platform published at or before T
 * (decision 0204). `draw_entrant` rows in canonical order (`COLLATE "C"` = UTF-16 order for ASCII
 * keys, decision 0042), written by one `INSERT … SELECT`, then H = SHA-256 of the keys joined by "\n",
 * computed by PostgreSQL too — a million entrants never travel to the server for this. Each row keeps who its key
 * stood for (decision 0182): the platform identity of the entrant's first eligible comment and its linked user.
 */
export async function freezeEntrants(
  db: Pick<Db, 'execute'>,
  drawId: string,
  campaign: EntryCampaign,
  at: Date,
): Promise<{ count: number; hash: string }> {
  await db.execute(sql`${entrantsCte(campaign, { at, excludeCampaignWinners: true, publishedUpTo: at })}
    insert into draw_entrant (draw_id, position, entrant_key, display_name, platform, platform_user_id, user_id)
    select ${drawId}, (row_number() over (order by entrant_key collate "C") - 1)::int, entrant_key, display_name,
      platform, platform_user_id, user_id
    from entrants`);
  const [row] = rowsOf<{ count: number | string; hash: string }>(
    await db.execute(sql`
      select count(*)::int as count,
        encode(sha256(convert_to(coalesce(string_agg(entrant_key, E'\n' order by position), ''), 'UTF8')), 'hex')
          as hash
      from draw_entrant where draw_id = ${drawId}`),
  );
  return { count: Number(row!.count), hash: row!.hash };
}

/** Distinct allowed entrants: over the campaign, and per stream (a person on two streams counts on each). */
export async function countEntrants(
  db: Pick<Db, 'execute'>,
  campaign: EntryCampaign,
  at: Date,
): Promise<{ total: number; perStream: Map<string, number> }> {
  const scope = { at, excludeCampaignWinners: false };
  // One after the other: `db` may be a transaction (one connection), which must not run two queries at once.
  const totals = await db.execute(
    sql`${entrantsCte(campaign, scope)} select count(*)::int as count from entrants`,
  );
  const perStream = await db.execute(sql`${entrantsCte(campaign, scope).append(sql`,
      per_stream as (
        select distinct e.live_stream_id, e.entrant_key from eligible e
        where ${PRINTABLE_KEY}
          and not exists (select 1 from blocked b where b.key = e.entrant_key)
          and not exists (select 1 from blocked b where b.key = e.platform || ':' || e.platform_user_id)
      )`)}
      select live_stream_id, count(*)::int as count from per_stream group by live_stream_id`);
  return {
    total: Number(rowsOf<{ count: number }>(totals)[0]?.count ?? 0),
    perStream: new Map(
      rowsOf<{ live_stream_id: string; count: number }>(perStream).map((row) => [
        row.live_stream_id,
        Number(row.count),
      ]),
    ),
  };
}

/** The newest allowed entrants' names, newest first (the overlay's ticker). */
export async function recentEntrantNames(
  db: Pick<Db, 'execute'>,
  campaign: EntryCampaign,
  at: Date,
  limit: number,
): Promise<string[]> {
  const rows = rowsOf<{ display_name: string }>(
    await db.execute(sql`${entrantsCte(campaign, { at, excludeCampaignWinners: false }).append(sql`,
      latest as (
        select e.entrant_key, max(e.published_at) as at from eligible e group by e.entrant_key
      )`)}
      select n.display_name from entrants n join latest l on l.entrant_key = n.entrant_key
      order by l.at desc, n.entrant_key limit ${limit}`),
  );
  return rows.map((row) => row.display_name);
}

/** Why an eligible comment still adds no entrant: its author is left out (`blocked`), or entered before. */
export type AuthorReason = 'alreadyWon' | 'cooldown' | 'duplicate';

/**
 * For comments that pass the rule by themselves (`commentRuleReason` null), the author-level reason they add no
 * entrant, from the same CTEs the draw freezes with: this campaign's winners (`alreadyWon`), a past win of this
 * streamer inside the cooldown (`cooldown`), or an earlier eligible comment of the same person (`duplicate`: the
 * person entered once, with that one). Comments not in the map are entries.
 */
export async function authorReasons(
  db: Pick<Db, 'execute'>,
  campaign: EntryCampaign,
  commentIds: string[],
  at: Date,
): Promise<Map<string, AuthorReason>> {
  const result = new Map<string, AuthorReason>();
  if (commentIds.length === 0) return result;
  const ids = sql.join(
    commentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ comment_id: string; first: boolean; cooldown: boolean; won: boolean }>(
    await db.execute(sql`${entrantsCte(campaign, { at, excludeCampaignWinners: false }).append(sql`,
      firsts as (
        select distinct on (e.entrant_key collate "C") e.entrant_key, e.comment_id
        from eligible e order by e.entrant_key collate "C", e.published_at, e.comment_id
      ),
      won as (
        select w.entrant_key as key from winner w where w.campaign_id = ${campaign.id}
        union select w.platform || ':' || w.platform_user_id from winner w where w.campaign_id = ${campaign.id}
      )`)}
      select e.comment_id, (f.comment_id = e.comment_id) as first,
        exists (select 1 from blocked b
          where b.key = e.entrant_key or b.key = e.platform || ':' || e.platform_user_id) as cooldown,
        exists (select 1 from won w
          where w.key = e.entrant_key or w.key = e.platform || ':' || e.platform_user_id) as won
      from eligible e join firsts f on f.entrant_key = e.entrant_key
      where e.comment_id in (${ids})`),
  );
  for (const row of rows) {
    if (row.won) result.set(row.comment_id, 'alreadyWon');
    else if (row.cooldown) result.set(row.comment_id, 'cooldown');
    else if (!row.first) result.set(row.comment_id, 'duplicate');
  }
  return result;
}
