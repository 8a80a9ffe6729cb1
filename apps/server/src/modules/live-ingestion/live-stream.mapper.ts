import type { LiveComment, LiveStream } from '@hanabi/api';
import type { LivePlatformDriver } from '../../adapters/live-chat/index.ts';
import type { CampaignForLive, LiveCommentRow, LiveStreamRow } from './live-stream.repository.ts';
import type { CommentReason } from '@hanabi/api';
import { commentRuleReason } from '../live-entries/index.ts';
import type { IngestState } from './poll-failure.ts';
import { liveStreamErrorCodeOf } from './live-stream-errors.ts';

/** `platform`: the stream's driver; a quota budget is shown only where the platform counts quota. */
export function toLiveStream(
  row: LiveStreamRow,
  counts: { comments: number; entrants: number },
  platform: Pick<LivePlatformDriver, 'quota'>,
): LiveStream {
  const state = row.ingestState as IngestState;
  const rate = state.rateLimit;
  return {
    id: row.id,
    campaignId: row.campaignId,
    platform: row.platform,
    channelId: row.channelId,
    broadcastId: row.broadcastId,
    // The schema keeps no broadcast title (frozen for this issue); the platforms show it.
    title: null,
    status: row.status,
    commentCount: counts.comments,
    entrantCount: counts.entrants,
    quotaUsed: row.quotaUsed,
    quotaBudget: platform.quota ? row.quotaBudget : null,
    // A window that has reset says nothing any more.
    rateLimitRemaining: rate && rate.resetAt > Date.now() ? rate.remaining : null,
    pollingIntervalMs: row.pollingIntervalMs,
    lastError: row.lastError,
    lastErrorCode: liveStreamErrorCodeOf(row.lastError),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

export function toLiveComment(
  row: LiveCommentRow,
  platform: LiveStreamRow['platform'],
  campaign: CampaignForLive,
  authorReason: CommentReason | undefined,
): LiveComment {
  const ruleReason = commentRuleReason(campaign.entryRule, campaign, row);
  return {
    id: row.id,
    platform,
    platformMessageId: row.platformMessageId,
    authorPlatformId: row.authorPlatformId,
    authorName: row.authorName,
    authorImageUrl: row.authorImageUrl,
    text: row.text,
    kind: row.kind,
    isMember: row.isMember,
    isModerator: row.isModerator,
    isOwner: row.isOwner,
    deleted: row.deletedAt !== null,
    eligible: ruleReason === null,
    reason: ruleReason ?? authorReason ?? null,
    publishedAt: row.publishedAt.toISOString(),
  };
}
