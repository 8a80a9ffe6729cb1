import crypto from 'node:crypto';
import { YOUTUBE_QUOTA } from '@hanabi/api';
import { LiveAdapterError, type ChatMessage } from '../../adapters/live-chat/live-chat.types.ts';
import type { TwitCastingApi, TwitCastingRateLimit } from '../../adapters/twitcasting/index.ts';
import { compareIds } from '../../adapters/twitcasting/twitcasting.mapper.ts';
import type { YouTubeApi, YouTubeApiOptions } from '../../adapters/youtube/index.ts';
import { msUntilQuotaReset } from '../../adapters/youtube/youtube.mapper.ts';
import type { Logger } from '../../logger.ts';
import type { ConnectionTokens } from '../live-connections/connection-tokens.ts';
import type {
  LiveConnectionsRepository,
  PlatformConnectionRow,
} from '../live-connections/live-connections.repository.ts';
import type {
  CampaignForLive,
  LiveStreamRepository,
  LiveStreamRow,
  PollCommit,
} from './live-stream.repository.ts';
import { failureDecision, type Decision, type IngestState } from './poll-failure.ts';

export interface PollerTiming {
  /** How long a claimed poll keeps others off the stream; a crashed poller's stream is free again after it. */
  leaseMs: number;
  /** TwitCasting gives no interval; the reference suggests 3–5 s (well inside 60 calls a minute). */
  twitcastingIntervalMs: number;
  /** An empty page waits at least this long, even when the platform allows less (keeps an idle chat cheap). */
  emptyPageMinMs: number;
  /** How often a quiet TwitCasting stream asks whether the broadcast is still live (comments do not say). */
  liveCheckMs: number;
  /** Back-fill at most this many offset pages in one poll (50 comments each). */
  maxBackfillPages: number;
  /** Recount a stream's entrants (a query over the campaign's comments) at most this often during a burst. */
  entrantsEveryMs: number;
  /** Keep reading this long after the campaign ends (comments written just before the end still arrive). */
  afterCampaignEndMs: number;
}

export const DEFAULT_POLLER_TIMING: PollerTiming = {
  leaseMs: 20_000,
  twitcastingIntervalMs: 3000,
  emptyPageMinMs: 1000,
  liveCheckMs: 30_000,
  maxBackfillPages: 20,
  entrantsEveryMs: 2000,
  afterCampaignEndMs: 2 * 60_000,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PollOutcome {
  /** False when another poller holds the stream or it is not due/active: this caller should stop. */
  polled: boolean;
  added: number;
  status: LiveStreamRow['status'] | null;
  nextPollAt: Date | null;
}

const TC_PAGE = 50;

/** The Pacific-time day YouTube's quota counts in, as YYYY-MM-DD. */
export function pacificDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now);
}

/**
 * One poll of one live stream: claim it, read one page from the stored cursor (TwitCasting: plus a back-fill
 * when `all_count` shows a gap), and commit comments, deletions, cursor and polling state in one transaction.
 * No state survives in memory between polls, so any worker process can take the next one.
 */
export class LivePoller {
  constructor(
    private readonly streams: LiveStreamRepository,
    private readonly connections: LiveConnectionsRepository,
    private readonly tokens: ConnectionTokens,
    private readonly youtubeFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi,
    private readonly twitcasting: TwitCastingApi,
    private readonly log: Logger,
    private readonly timing: PollerTiming = DEFAULT_POLLER_TIMING,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async poll(streamId: string): Promise<PollOutcome> {
    const lease = crypto.randomUUID();
    const row = await this.streams.claim(streamId, lease, this.timing.leaseMs);
    if (!row) return { polled: false, added: 0, status: null, nextPollAt: null };
    const campaign = await this.streams.campaign(row.campaignId);
    const { lease: _held, ...state } = row.ingestState as IngestState & { lease?: string };
    // A scheduler may wake (and the claim allows) a little early; the request itself never goes out early.
    const early = (state.notBefore ?? 0) - this.clock().getTime();
    if (early > 0 && early <= this.timing.leaseMs / 2) await sleep(early);
    const now = this.clock();
    let decision: Decision;
    const connection = row.connectionId ? await this.connections.connectionById(row.connectionId) : null;
    if (!campaign) {
      // The campaign was deleted under the stream (the row cascades away with it): nothing left to read for.
      decision = {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { status: 'ended', endedAt: now, nextPollAt: null, ingestState: state },
      };
    } else if (now.getTime() > campaign.endsAt.getTime() + this.timing.afterCampaignEndMs) {
      // Nothing read now could count any more: stop spending quota. The grace lets comments written just
      // before the end still arrive.
      decision = {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { status: 'ended', endedAt: now, nextPollAt: null, lastError: null, ingestState: state },
      };
    } else if (early > this.timing.leaseMs / 2) {
      // Claimed far too early (a forced resume): book the poll for when the platform allows it.
      decision = {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { ingestState: state, nextPollAt: new Date(state.notBefore!) },
      };
    } else if (!connection || connection.revokedAt) {
      // Unlinked or refused: the streamer must connect again before anything can be read.
      const gone = new LiveAdapterError('auth', row.platform, 'reauthorize', 'connection removed or revoked');
      decision = failureDecision(row, state, gone, now);
    } else {
      decision =
        row.platform === 'youtube'
          ? await this.pollYouTube(row, state, connection, now)
          : await this.pollTwitCasting(row, state, connection, now);
    }
    const patch = decision.patch;
    const status = patch.status ?? row.status;
    const commit: PollCommit = {
      streamId: row.id,
      lease,
      messages: decision.messages,
      deletedMessageIds: decision.deletedMessageIds,
      bannedAuthorIds: decision.bannedAuthorIds,
      patch,
      // Quota spent is announced too, so the live room's quota counter moves without a reload.
      announceStream:
        status !== row.status ||
        (patch.lastError !== undefined && patch.lastError !== row.lastError) ||
        (patch.quotaUsed !== undefined && patch.quotaUsed !== row.quotaUsed),
      campaign: campaign ?? orphan(row.campaignId, now),
      entrants: state.entrants,
      entrantsEveryMs: this.timing.entrantsEveryMs,
    };
    const added = await this.streams.commit(commit, this.clock());
    if (added === null) {
      this.log.info({ streamId }, 'lost the poll lease to another poller; its result was dropped');
      return { polled: false, added: 0, status: null, nextPollAt: null };
    }
    return { polled: true, added, status, nextPollAt: patch.nextPollAt ?? null };
  }

  private async pollYouTube(
    row: LiveStreamRow,
    state: IngestState,
    connection: PlatformConnectionRow,
    now: Date,
  ): Promise<Decision> {
    const quotaDay = pacificDay(now);
    let quotaUsed = row.quotaDay === quotaDay ? row.quotaUsed : 0;
    const budget = row.quotaBudget;
    if (budget !== null && quotaUsed + YOUTUBE_QUOTA.chatPollUnits > budget) {
      // Polite stop: keep the stream live and come back when Google's day (and our budget) resets.
      return {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: {
          quotaUsed,
          quotaDay,
          ingestState: state,
          nextPollAt: new Date(now.getTime() + msUntilQuotaReset(now)),
          lastError: `Today's YouTube quota budget for this stream is used up (${quotaUsed} of ${budget} units). Reading resumes after midnight Pacific time.`,
        },
      };
    }
    const api = this.youtubeFor((units) => {
      quotaUsed += units;
    });
    try {
      if (!row.liveChatId)
        throw new LiveAdapterError('not-found', 'youtube', 'chatNotFound', 'no liveChatId');
      const page = await this.tokens.withAccessToken(connection, (accessToken) =>
        api.listChatMessages({ accessToken, liveChatId: row.liveChatId!, pageToken: row.cursor }),
      );
      // Google counts the interval from its answer, which reached us no later than now: count from here.
      const answeredAt = this.clock().getTime();
      const interval = page.pollingIntervalMillis;
      const wait = Math.max(interval, page.messages.length === 0 ? this.timing.emptyPageMinMs : 0);
      return {
        messages: page.messages,
        deletedMessageIds: page.deletedMessageIds,
        bannedAuthorIds: page.bannedChannelIds,
        patch: {
          cursor: page.nextPageToken ?? row.cursor,
          pollingIntervalMs: interval,
          quotaUsed,
          quotaDay,
          ingestState: { ...state, failures: 0, notBefore: answeredAt + interval },
          lastError: null,
          ...(page.chatEnded
            ? { status: 'ended', endedAt: page.offlineAt ?? now, nextPollAt: null }
            : { status: 'live', nextPollAt: new Date(answeredAt + wait) }),
        },
      };
    } catch (error) {
      const decision = failureDecision(row, state, error, now, this.log);
      decision.patch = { ...decision.patch, quotaUsed, quotaDay };
      return decision;
    }
  }

  private async pollTwitCasting(
    row: LiveStreamRow,
    state: IngestState,
    connection: PlatformConnectionRow,
    now: Date,
  ): Promise<Decision> {
    const limit = state.rateLimit;
    if (limit && limit.remaining <= 0 && limit.resetAt > now.getTime()) {
      return {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { ingestState: state, nextPollAt: new Date(limit.resetAt) },
      };
    }
    try {
      return await this.tokens.withAccessToken(connection, (accessToken) =>
        this.readTwitCasting(row, state, accessToken, now),
      );
    } catch (error) {
      return failureDecision(row, state, error, now, this.log);
    }
  }

  private async readTwitCasting(
    row: LiveStreamRow,
    state: IngestState,
    accessToken: string,
    now: Date,
  ): Promise<Decision> {
    const previous = row.cursor;
    const base = { accessToken, movieId: row.broadcastId, broadcasterId: row.channelId, limit: TC_PAGE };
    // From a stored cursor (a restart, a pause, a busy chat): every slice until caught up, as far as the rate
    // limit's window allows; the first read takes the newest page.
    const first =
      previous === null
        ? await this.twitcasting.listComments({ ...base, sliceId: null })
        : await this.twitcasting.walkComments({ ...base, sliceId: previous });
    let rate: TwitCastingRateLimit | null = first.rateLimit;
    const messages: ChatMessage[] = [...first.messages];
    // Gap check. A full slice page means more are waiting: read on by slice at once and count only what
    // arrived. A short page must account for every comment all_count added since; if it does not, comments
    // fell between two reads, so read back by offset (newest first) until we meet what we already had. The
    // first read takes the newest page, and the history before it by offset.
    const known = typeof state.allCount === 'number' ? state.allCount : 0;
    const received = first.messages.length;
    let accounted = first.allCount;
    let backfillFrom: number | null = null;
    if (previous === null) {
      if (first.mayHaveMore) backfillFrom = received;
    } else if (first.mayHaveMore) {
      accounted = known + received;
    } else if (first.allCount - known - received > 0) {
      backfillFrom = 0;
    }
    if (backfillFrom !== null) {
      let offset = backfillFrom;
      for (let pages = 0; pages < this.timing.maxBackfillPages; pages += 1) {
        if (rate && rate.remaining <= 1) break;
        const page = await this.twitcasting.listComments({ ...base, offset });
        rate = page.rateLimit ?? rate;
        messages.push(...page.messages);
        offset += TC_PAGE;
        const reached = previous !== null && page.messages.some((m) => compareIds(m.id, previous) <= 0);
        if (reached || !page.mayHaveMore) break;
      }
    }
    let ended = false;
    let liveCheckedAt = state.liveCheckedAt ?? 0;
    if (first.messages.length === 0 && now.getTime() - liveCheckedAt >= this.timing.liveCheckMs) {
      if (!rate || rate.remaining > 1) {
        const live = await this.twitcasting.currentLive(accessToken, row.channelId);
        ended = !live || live.id !== row.broadcastId;
        liveCheckedAt = now.getTime();
      }
    }
    const nextState: IngestState = {
      ...state,
      failures: 0,
      allCount: accounted,
      liveCheckedAt,
      ...(rate ? { rateLimit: { remaining: rate.remaining, resetAt: rate.resetAt.getTime() } } : {}),
    };
    let wait = first.mayHaveMore && previous !== null ? 0 : this.timing.twitcastingIntervalMs;
    if (rate && rate.remaining <= 0) wait = Math.max(wait, rate.resetAt.getTime() - now.getTime());
    return {
      messages,
      deletedMessageIds: [],
      bannedAuthorIds: [],
      patch: {
        // An empty chat still gets a cursor (slice_id 1 = everything after the start), so the comments of a
        // later burst are read by slice, all of them, instead of as "history before the first read".
        cursor: first.nextSliceId ?? previous ?? '1',
        pollingIntervalMs: this.timing.twitcastingIntervalMs,
        ingestState: nextState,
        lastError: null,
        ...(ended
          ? { status: 'ended', endedAt: now, nextPollAt: null }
          : { status: 'live', nextPollAt: new Date(now.getTime() + wait) }),
      },
    };
  }
}

/** A stand-in for a campaign deleted mid-poll: its stream row is gone too, so the commit writes nothing. */
function orphan(id: string, now: Date): CampaignForLive {
  return {
    id,
    streamerId: '',
    status: 'ended',
    startsAt: now,
    endsAt: now,
    entriesClosedAt: null,
    platforms: [],
    entryRule: {
      keyword: '',
      onePerPerson: true,
      membersOnly: false,
      excludeModerators: false,
      windowStart: null,
      windowEnd: null,
      cooldownDays: 0,
    },
  };
}
