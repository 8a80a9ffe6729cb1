import crypto from 'node:crypto';
import type { ChatPacing } from '../../adapters/live-chat/index.ts';
import { LiveAdapterError, type LivePlatform } from '../../adapters/live-chat/index.ts';
import { twitcastingPacing, type TwitCastingApi } from '../../adapters/twitcasting/index.ts';
import { youtubePacing, type YouTubeApi, type YouTubeApiOptions } from '../../adapters/youtube/index.ts';
import type { Logger } from '../../logger.ts';
import type { ConnectionTokens } from '../live-connections/index.ts';
import type { LiveConnectionsRepository, PlatformConnectionRow } from '../live-connections/index.ts';
import type {
  CampaignForLive,
  Follower,
  LiveStreamRepository,
  LiveStreamRow,
  PollCommit,
  SharedChatPatch,
} from './live-stream.repository.ts';
import { failureDecision, type Decision, type IngestState } from './poll-failure.ts';
import { TwitCastingChatRead } from './twitcasting-chat-read.ts';
import { YouTubeChatRead } from './youtube-chat-read.ts';
import type { YouTubeQuotaLedger } from './youtube-quota-ledger.ts';

/** Each platform's pace, from its adapter: the poller asks, it never branches on the platform. */
const PACING: Record<LivePlatform, ChatPacing> = { youtube: youtubePacing, twitcasting: twitcastingPacing };

export interface PollerTiming {
  /** How long a claimed poll keeps others off the stream; a crashed poller's stream is free again after it. */
  leaseMs: number;
  /** TwitCasting gives no interval; the reference suggests 3–5 s (well inside 60 calls a minute). */
  twitcastingIntervalMs: number;
  /** An empty page waits at least this long, even when the platform allows less (keeps an idle chat cheap). */
  emptyPageMinMs: number;
  /** How often a quiet TwitCasting stream asks whether the broadcast is still live (comments do not say). */
  liveCheckMs: number;
  /**
   * Stop starting TwitCasting pages (slices, history and gaps by offset) after this long in one poll, well inside
   * the lease; the next poll goes on where this one stopped.
   */
  readBudgetMs: number;
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
  readBudgetMs: 10_000,
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

export interface PollOptions {
  /**
   * A streamed chat stays open until this instant (epoch ms), each page committed as it comes; by default the
   * poll takes the first answer and returns, like one `list` poll.
   */
  until?: number;
}

/**
 * One poll of one live chat: claim the stream and with it the chat (no other campaign's stream on the same
 * broadcast reads meanwhile; decision 0160), read from the stored cursor (YouTube: a streamed connection or one `list` page;
 * TwitCasting: one page plus a back-fill when `all_count` shows a gap), and commit comments, deletions, cursor
 * and polling state in one transaction, for this campaign and every other campaign on the same chat. No state
 * survives in memory between polls, so any worker process can take the next one.
 */
export class LivePoller {
  private readonly youtubeRead: YouTubeChatRead;
  private readonly twitcastingRead: TwitCastingChatRead;

  constructor(
    private readonly streams: LiveStreamRepository,
    private readonly connections: LiveConnectionsRepository,
    private readonly tokens: ConnectionTokens,
    youtubeFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi,
    twitcasting: TwitCastingApi,
    private readonly log: Logger,
    private readonly quota: YouTubeQuotaLedger,
    private readonly options: { youtubeTransport: 'stream' | 'list' } = { youtubeTransport: 'stream' },
    private readonly timing: PollerTiming = DEFAULT_POLLER_TIMING,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.youtubeRead = new YouTubeChatRead(tokens, youtubeFor, log, () => this.clock());
    this.twitcastingRead = new TwitCastingChatRead(twitcasting, timing);
  }

  async poll(streamId: string, options: PollOptions = {}): Promise<PollOutcome> {
    const lease = crypto.randomUUID();
    const row = await this.streams.claim(streamId, lease, this.timing.leaseMs);
    if (!row) return { polled: false, added: 0, status: null, nextPollAt: null };
    const campaign = await this.streams.campaign(row.campaignId);
    const { lease: _held, ...state } = row.ingestState as IngestState & { lease?: string };
    // The claim took the whole chat: this poll reads for every campaign's stream on it. Asked again before each
    // page is written: a campaign that starts reading this chat while a streamed read is open gets its comments
    // from the next page on, not from the next claim (when the reader's cursor would be past them).
    let followers = await this.followers(row);
    // A scheduler may wake (and the claim allows) a little early; the request itself never goes out early.
    const hold = PACING[row.platform].holdUntil(state, this.clock().getTime());
    const early = (hold ?? 0) - this.clock().getTime();
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
      // Claimed far too early (a forced resume, a rate window still closed): book the poll for when the
      // platform allows it.
      decision = {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { ingestState: state, nextPollAt: new Date(hold!) },
      };
    } else if (!connection || connection.revokedAt) {
      // Unlinked or refused: the streamer must connect again before anything can be read.
      const gone = new LiveAdapterError('auth', row.platform, 'reauthorize', 'connection removed or revoked');
      decision = failureDecision(row, state, gone, now);
    } else {
      let emitted = 0;
      const write = (page: Decision): PollCommit => ({
        ...this.commitOf(row, lease, page, campaign ?? orphan(row.campaignId, now)),
        followers,
        shared: shared(page.patch),
      });
      const read =
        row.platform === 'youtube'
          ? await this.youtubeRead.read({
              row,
              state,
              connection,
              now,
              until: options.until ?? 0,
              quota: await this.quota.today(now),
              readers: await this.streams.activeChats('youtube'),
              emit: async (page) => {
                followers = await this.followers(row);
                const stored = await this.streams.commit(write(page), this.clock());
                emitted += stored ?? 0;
                return stored !== null;
              },
              renew: (readThrough) => this.streams.renew(row.id, lease, this.timing.leaseMs, readThrough),
              leaseMs: this.timing.leaseMs,
              emptyPageMinMs: this.timing.emptyPageMinMs,
              transport: this.options.youtubeTransport,
            })
          : await this.pollTwitCasting(row, state, connection, now);
      followers = await this.followers(row);
      const added = await this.streams.commit(write(read), this.clock());
      return this.outcome(row, streamId, read, added === null ? null : added + emitted);
    }
    const added = await this.streams.commit(
      { ...this.commitOf(row, lease, decision, campaign ?? orphan(row.campaignId, now)), followers },
      this.clock(),
    );
    return this.outcome(row, streamId, decision, added);
  }

  private outcome(
    row: LiveStreamRow,
    streamId: string,
    decision: Decision,
    added: number | null,
  ): PollOutcome {
    if (added === null) {
      this.log.info({ streamId }, 'lost the poll lease to another poller; its result was dropped');
      return { polled: false, added: 0, status: null, nextPollAt: null };
    }
    const patch = decision.patch;
    return { polled: true, added, status: patch.status ?? row.status, nextPollAt: patch.nextPollAt ?? null };
  }

  private commitOf(
    row: LiveStreamRow,
    lease: string,
    decision: Decision,
    campaign: CampaignForLive,
  ): PollCommit {
    const patch = decision.patch;
    const status = patch.status ?? row.status;
    return {
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
      campaign,
      entrantsEveryMs: this.timing.entrantsEveryMs,
      quotaCharge: decision.quotaCharge ?? 0,
    };
  }

  /** The other campaigns' streams on this chat, which this read writes for too. */
  private async followers(row: LiveStreamRow): Promise<Follower[]> {
    const followers: Follower[] = [];
    for (const other of await this.streams.chatGroup(row)) {
      if (other.id === row.id) continue;
      const campaign = await this.streams.campaign(other.campaignId);
      if (campaign) followers.push({ streamId: other.id, status: other.status, campaign });
    }
    return followers;
  }

  private async pollTwitCasting(
    row: LiveStreamRow,
    state: IngestState,
    connection: PlatformConnectionRow,
    now: Date,
  ): Promise<Decision> {
    const hold = twitcastingPacing.holdUntil(state, now.getTime());
    if (hold !== null) {
      return {
        messages: [],
        deletedMessageIds: [],
        bannedAuthorIds: [],
        patch: { ingestState: state, nextPollAt: new Date(hold) },
      };
    }
    try {
      return await this.tokens.withAccessToken(connection, (accessToken) =>
        this.twitcastingRead.read(row, state, accessToken, now),
      );
    } catch (error) {
      return failureDecision(row, state, error, now, this.log);
    }
  }
}

/** What a read says about the chat itself (not about this campaign's stream): every stream on it takes it. */
function shared(patch: Decision['patch']): SharedChatPatch {
  const { cursor, pollingIntervalMs, lastError, endedAt, status, ingestState } = patch;
  const { entrants: _e, lease: _l, failures: _f, ...chatState } = (ingestState ?? {}) as IngestState;
  // A stopped reader (its connection refused) is not the followers' problem: they read on with their own.
  if (status === 'error') return { cursor, chatState };
  const chat: SharedChatPatch = { cursor, pollingIntervalMs, lastError, endedAt, chatState };
  if (status === 'live' || status === 'ended') chat.status = status;
  // Undefined keys would be written as "no change" anyway; dropping them keeps the update small.
  return Object.fromEntries(Object.entries(chat).filter(([, v]) => v !== undefined)) as SharedChatPatch;
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
