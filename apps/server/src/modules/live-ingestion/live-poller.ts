import crypto from 'node:crypto';
import {
  LiveAdapterError,
  type ChatReadPage,
  type LivePlatformDriver,
  type LivePlatformRegistry,
} from '../../adapters/live-chat/index.ts';
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
import { PollQuota } from './poll-quota.ts';
import type { YouTubeQuotaLedger } from './youtube-quota-ledger.ts';

export interface PollerTiming {
  /** How long a claimed poll keeps others off the stream; a crashed poller's stream is free again after it. */
  leaseMs: number;
  /** The wait between reads where the platform names none (TwitCasting's reference suggests 3–5 s). */
  defaultIntervalMs: number;
  /** An empty page waits at least this long, even when the platform allows less (keeps an idle chat cheap). */
  emptyPageMinMs: number;
  /** How often a quiet chat asks whether the broadcast is still live, where comments do not say (TwitCasting). */
  liveCheckMs: number;
  /**
   * Stop starting pages (TwitCasting's slices, history and gaps by offset) after this long in one poll, well inside
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
  defaultIntervalMs: 3000,
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
 * broadcast reads meanwhile; decision 0160), have the platform's driver read from the stored cursor (a page, a
 * stream kept open with each page committed as it comes, or slices walked until caught up), and commit comments,
 * deletions, cursor and polling state in one transaction, for this campaign and every other campaign on the same
 * chat. No state survives in memory between polls, so any worker process can take the next one. The poller asks
 * the registry and never branches on the platform.
 */
export class LivePoller {
  constructor(
    private readonly streams: LiveStreamRepository,
    private readonly connections: LiveConnectionsRepository,
    private readonly tokens: ConnectionTokens,
    private readonly platforms: LivePlatformRegistry,
    private readonly log: Logger,
    /** The project's ledger, charged by the reads of platforms with a quota (decision 0161). */
    private readonly quota: YouTubeQuotaLedger,
    private readonly timing: PollerTiming = DEFAULT_POLLER_TIMING,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async poll(streamId: string, options: PollOptions = {}): Promise<PollOutcome> {
    const lease = crypto.randomUUID();
    const row = await this.streams.claim(streamId, lease, this.timing.leaseMs);
    if (!row) return { polled: false, added: 0, status: null, nextPollAt: null };
    const driver = this.platforms.get(row.platform);
    const campaign = await this.streams.campaign(row.campaignId);
    const { lease: _held, ...state } = row.ingestState as IngestState & { lease?: string };
    // The claim took the whole chat: this poll reads for every campaign's stream on it. Asked again before each
    // page is written: a campaign that starts reading this chat while a streamed read is open gets its comments
    // from the next page on, not from the next claim (when the reader's cursor would be past them).
    let followers = await this.followers(row);
    // A scheduler may wake (and the claim allows) a little early; the request itself never goes out early.
    const hold = driver.pacing.holdUntil(state, this.clock().getTime());
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
      decision = failureDecision(row, driver, state, gone, now);
    } else {
      let emitted = 0;
      const write = (page: Decision): PollCommit => ({
        ...this.commitOf(row, lease, page, campaign ?? orphan(row.campaignId, now)),
        followers,
        shared: shared(page.patch),
      });
      const read = await this.read(row, driver, state, connection, now, {
        lease,
        until: options.until ?? 0,
        emit: async (page) => {
          followers = await this.followers(row);
          const stored = await this.streams.commit(write(page), this.clock());
          emitted += stored ?? 0;
          return stored !== null;
        },
      });
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

  /**
   * The driver's read with what it needs from Hanabi: the token, the lease, the quota meter. Where the platform
   * counts quota, the stream's budget and the project's ledger are checked first, and every page carries the units
   * spent since the last, charged to the ledger in the page's commit.
   */
  private async read(
    row: LiveStreamRow,
    driver: LivePlatformDriver,
    state: IngestState,
    connection: PlatformConnectionRow,
    now: Date,
    held: { lease: string; until: number; emit: (page: Decision) => Promise<boolean> },
  ): Promise<Decision> {
    const idle = (patch: Decision['patch']): Decision => ({
      messages: [],
      deletedMessageIds: [],
      bannedAuthorIds: [],
      patch,
    });
    // A rate window still closed after the wait above: book the read for when it opens.
    const hold = driver.pacing.holdUntil(state, now.getTime());
    if (hold !== null) return idle({ ingestState: state, nextPollAt: new Date(hold) });
    const quota = driver.quota
      ? new PollQuota(
          row,
          { pacing: driver.pacing, quota: driver.quota },
          await this.quota.today(now),
          await this.streams.activeChats(row.platform),
          now,
        )
      : null;
    const stop = quota?.budgetStop(state);
    if (stop) return idle(stop);
    const settle = (decision: Decision) => (quota ? quota.settle(decision) : decision);
    const failed = (base: IngestState, error: unknown) =>
      settle(failureDecision(row, driver, base, error, now, this.log));
    try {
      const result = await driver.chat.read({
        stream: row,
        state,
        now,
        clock: () => this.clock(),
        until: held.until,
        withAccessToken: (call) => this.tokens.withAccessToken(connection, call),
        charge: (units) => quota?.charge(units),
        spreadMs: quota?.spreadMs() ?? 0,
        emit: (page) => {
          const at = this.clock();
          const decision = settle(pageDecision(page));
          decision.patch.ingestState = { ...decision.patch.ingestState, lease: held.lease };
          // Other pollers stay off while the read is open; the final commit books the real next poll.
          decision.patch.nextPollAt = new Date(at.getTime() + this.timing.leaseMs);
          return held.emit(decision);
        },
        renew: (readThrough) => this.streams.renew(row.id, held.lease, this.timing.leaseMs, readThrough),
        timing: {
          leaseMs: this.timing.leaseMs,
          quietMs: this.timing.emptyPageMinMs,
          intervalMs: this.timing.defaultIntervalMs,
          liveCheckMs: this.timing.liveCheckMs,
          readBudgetMs: this.timing.readBudgetMs,
        },
        log: this.log,
      });
      if (!result.ok) return failed(result.state, result.error);
      const { ok: _ok, ...page } = result;
      return settle(pageDecision(page));
    } catch (error) {
      return failed(state, error);
    }
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
}

/** A read's page as the commit's decision: every successful read clears the error and the failure count. */
function pageDecision(page: ChatReadPage): Decision {
  const { messages, deletedMessageIds, bannedAuthorIds, state, ...patch } = page;
  return {
    messages,
    deletedMessageIds,
    bannedAuthorIds,
    patch: { ...patch, lastError: null, ingestState: { ...state, failures: 0 } },
  };
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
