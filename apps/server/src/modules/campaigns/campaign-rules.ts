import { PLATFORM_KEYWORD_MAX, type DrawMode, type ErrorDetail, type LivePlatform } from '@hanabi/api';
import type { CampaignEntryRule } from '../../db/schema.ts';
import type { CampaignStatusValue } from './campaign.repository.ts';

/** A campaign as it would be saved: the stored one with the request's changes applied. */
export interface CampaignDraft {
  status: CampaignStatusValue;
  startsAt: Date;
  endsAt: Date;
  platforms: LivePlatform[];
  prizeDigitalGoodsId: string;
  copiesPerWinner: number;
  winnerCount: number;
  entryRule: CampaignEntryRule;
  drawMode: DrawMode;
}

export interface RuleFacts {
  streamerId: string;
  now: Date;
  /** The prize goods, or null when no goods have that id. */
  prize: { streamerId: string; status: 'draft' | 'published'; supply: number; name: string } | null;
  /** Copies of the prize other campaigns already promise. */
  reservedByOthers: number;
  /** What this campaign has already handed over (winners given to delivery; copies handed over or drawn). */
  handedOver?: { winners: number; copies: number };
}

const PLATFORM_NAMES: Record<LivePlatform, string> = { youtube: 'YouTube', twitcasting: 'TwitCasting' };

/**
 * The business rules of a campaign (422 when broken), each naming the field to fix: the period, the entry
 * window, the keyword against the platforms' message limits, members-only needing YouTube, and the prize —
 * the streamer's own goods, published once the campaign is, with enough copies left for every winner.
 */
export function checkCampaignRules(draft: CampaignDraft, facts: RuleFacts): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const fail = (field: string, message: string) => problems.push({ field: `body.${field}`, message });

  if (draft.endsAt <= draft.startsAt) fail('endsAt', 'must be after the start (startsAt)');
  if (draft.status !== 'draft' && draft.status !== 'ended' && draft.endsAt <= facts.now) {
    fail('endsAt', 'has already passed: a published campaign must end in the future');
  }

  const { windowStart, windowEnd } = draft.entryRule;
  const start = windowStart ? new Date(windowStart) : null;
  const end = windowEnd ? new Date(windowEnd) : null;
  if (start && (start < draft.startsAt || start >= draft.endsAt)) {
    fail('entryRule.windowStart', 'must be inside the campaign period');
  }
  if (end && (end <= draft.startsAt || end > draft.endsAt)) {
    fail('entryRule.windowEnd', 'must be inside the campaign period');
  }
  if (start && end && end <= start) fail('entryRule.windowEnd', 'must be after windowStart');

  const keywordLength = [...draft.entryRule.keyword].length;
  for (const platform of draft.platforms) {
    const max = PLATFORM_KEYWORD_MAX[platform];
    if (keywordLength > max) {
      fail(
        'entryRule.keyword',
        `is ${keywordLength} characters; ${PLATFORM_NAMES[platform]} messages allow at most ${max}`,
      );
    }
  }
  if (draft.entryRule.membersOnly && !draft.platforms.includes('youtube')) {
    fail(
      'entryRule.membersOnly',
      'needs YouTube among the platforms (channel members are a YouTube feature)',
    );
  }
  if (draft.drawMode.type === 'everyNMinutes') {
    const minutes = (draft.endsAt.getTime() - draft.startsAt.getTime()) / 60_000;
    if (draft.drawMode.minutes > minutes) fail('drawMode.minutes', 'is longer than the campaign period');
  }

  const prize = facts.prize;
  if (!prize || prize.streamerId !== facts.streamerId) {
    fail('prize.digitalGoodsId', 'is not one of your digital goods');
    return problems;
  }
  if (draft.status !== 'draft' && prize.status !== 'published') {
    fail('prize.digitalGoodsId', `"${prize.name}" is not published yet: publish the goods first`);
  }
  const handed = facts.handedOver ?? { winners: 0, copies: 0 };
  if (draft.winnerCount < handed.winners) {
    fail(
      'winnerCount',
      `${handed.winners} winners have already been handed their prizes: the campaign cannot have fewer winners`,
    );
  }
  // What was handed over stays counted even if the plan shrinks (decision 0062).
  const needed = Math.max(draft.winnerCount * draft.copiesPerWinner, handed.copies);
  const remaining = prize.supply - facts.reservedByOthers;
  if (needed > remaining) {
    fail(
      'winnerCount',
      `${needed > draft.winnerCount * draft.copiesPerWinner ? `${needed} copies already handed over` : `${draft.winnerCount} winners × ${draft.copiesPerWinner} copies = ${needed}`}, but only ${Math.max(0, remaining)} of ${prize.supply} copies of "${prize.name}" remain`,
    );
  }
  return problems;
}
