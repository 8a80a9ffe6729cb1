import { and, eq, gte, inArray, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { liveComment, type CampaignEntryRule } from '../../db/schema.ts';

/*
 * The campaign's entry rule for one comment (docs/design.md §2.5 and §6), in two forms that must agree: a
 * TypeScript predicate (ingestion marks comments live) and a SQL condition over `live_comment` (draws freeze the
 * entrants set-based). `entry-rule.int.test.ts` runs one table of cases through both on PGlite and PostgreSQL.
 *
 * Choices:
 * - Keyword: NFKC-normalised "contains", case-insensitive for Latin letters A–Z only. SQL folds with
 *   `lower(… COLLATE "C")`, which folds ASCII whatever the database's locale, so both forms agree everywhere;
 *   NFKC turns full-width letters (Ｋｅｙ) and half-width kana into their usual forms first.
 *   An empty keyword accepts any comment.
 * - Only what a viewer typed counts: a comment enters when its `text` (the viewer's own words, which the adapters
 *   store for every kind) is not empty and its kind is `text`, `superChat` (the Super Chat's comment) or
 *   `membership` (a YouTube membership milestone carries the member's own comment in `userComment`).
 *   Super Stickers, a Super Chat without a comment, new-member and gift events carry no typed words and never
 *   enter (`notChat`); `other` (unknown event types) never enters. TwitCasting API v2 comments are all `text`.
 * - Window: [windowStart ?? campaign.startsAt, min(windowEnd ?? campaign.endsAt, entriesClosedAt)], both ends
 *   inclusive.
 * - Deleted comments (moderated away) never count.
 * - onePerPerson and cooldown are about authors, not comments: see `entrants.sql.ts`.
 */

export interface EntryComment {
  text: string;
  kind: string;
  isMember: boolean;
  isModerator: boolean;
  isOwner: boolean;
  publishedAt: Date;
  deletedAt: Date | null;
}

export interface EntryPeriod {
  startsAt: Date;
  endsAt: Date;
  /** Entries closed for good at this moment (the draw that filled the winners); null/absent while open. */
  entriesClosedAt?: Date | null;
}

/**
 * Why one comment is not an entry by itself (the author-level reasons, cooldown and duplicate, come from
 * `entrants.sql.ts`). The order is the order of the checks: the first that fails is named.
 */
export type CommentRuleReason =
  'deleted' | 'notChat' | 'notStarted' | 'ended' | 'entriesClosed' | 'membersOnly' | 'moderator' | 'keyword';

export const ENTRY_KINDS = ['text', 'superChat', 'membership'] as const;

/** Lower-cases A–Z only: what `lower(x COLLATE "C")` does in PostgreSQL. */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]/g, (char) => char.toLowerCase());
}

/** The form keywords and texts are compared in. */
export function foldForMatch(value: string): string {
  return asciiLower(value.normalize('NFKC'));
}

export function normalizedKeyword(rule: CampaignEntryRule): string {
  return foldForMatch((rule.keyword ?? '').trim());
}

/**
 * The entry window: the rule's own bounds, each falling back to the campaign's period; the end is also cut at
 * the moment entries closed for good (decision 0072).
 */
export function entryWindow(rule: CampaignEntryRule, campaign: EntryPeriod): { start: Date; end: Date } {
  const end = rule.windowEnd ? new Date(rule.windowEnd) : campaign.endsAt;
  const closed = campaign.entriesClosedAt ?? null;
  return {
    start: rule.windowStart ? new Date(rule.windowStart) : campaign.startsAt,
    end: closed && closed < end ? closed : end,
  };
}

/** The first rule the comment breaks, or null when it is an entry (as far as the comment alone says). */
export function commentRuleReason(
  rule: CampaignEntryRule,
  campaign: EntryPeriod,
  comment: EntryComment,
): CommentRuleReason | null {
  if (comment.deletedAt !== null) return 'deleted';
  if (!(ENTRY_KINDS as readonly string[]).includes(comment.kind) || comment.text === '') return 'notChat';
  const window = entryWindow(rule, campaign);
  const at = comment.publishedAt.getTime();
  if (at < window.start.getTime()) return 'notStarted';
  if (at > window.end.getTime()) {
    const closed = campaign.entriesClosedAt ?? null;
    return closed && at > closed.getTime() && closed.getTime() === window.end.getTime()
      ? 'entriesClosed'
      : 'ended';
  }
  if (rule.membersOnly && !comment.isMember) return 'membersOnly';
  if (rule.excludeModerators && (comment.isModerator || comment.isOwner)) return 'moderator';
  const keyword = normalizedKeyword(rule);
  if (keyword !== '' && !foldForMatch(comment.text).includes(keyword)) return 'keyword';
  return null;
}

export function commentIsEligible(
  rule: CampaignEntryRule,
  campaign: EntryPeriod,
  comment: EntryComment,
): boolean {
  return commentRuleReason(rule, campaign, comment) === null;
}

/**
 * The same rule as a condition on `live_comment` (the caller restricts the streams). Keep it in step with
 * `commentIsEligible`.
 */
export function eligibleCommentCondition(rule: CampaignEntryRule, campaign: EntryPeriod): SQL {
  const window = entryWindow(rule, campaign);
  const conditions: (SQL | undefined)[] = [
    isNull(liveComment.deletedAt),
    inArray(liveComment.kind, [...ENTRY_KINDS]),
    ne(liveComment.text, ''),
    gte(liveComment.publishedAt, window.start),
    lte(liveComment.publishedAt, window.end),
  ];
  if (rule.membersOnly) conditions.push(eq(liveComment.isMember, true));
  if (rule.excludeModerators) {
    conditions.push(not(or(eq(liveComment.isModerator, true), eq(liveComment.isOwner, true))!));
  }
  const keyword = normalizedKeyword(rule);
  if (keyword !== '') {
    conditions.push(sql`strpos(lower(normalize(${liveComment.text}, NFKC) collate "C"), ${keyword}) > 0`);
  }
  return and(...conditions)!;
}
