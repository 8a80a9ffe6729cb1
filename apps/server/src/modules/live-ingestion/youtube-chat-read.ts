import {
  isLiveAdapterError,
  LiveAdapterError,
  type LiveErrorReason,
} from '../../adapters/live-chat/index.ts';
import {
  msUntilQuotaReset,
  pacificDay,
  youtubePacing,
  type YouTubeApi,
  type YouTubeApiOptions,
  type YouTubeChatPage,
} from '../../adapters/youtube/index.ts';
import type { Logger } from '../../logger.ts';
import type { ConnectionTokens } from '../live-connections/index.ts';
import type { PlatformConnectionRow } from '../live-connections/index.ts';
import type { LiveStreamRow } from './live-stream.repository.ts';
import { failureDecision, type Decision, type IngestState } from './poll-failure.ts';
import { liveStreamErrorText } from './live-stream-errors.ts';
import type { QuotaToday } from './youtube-quota-ledger.ts';

/** How long a stream that failed waits before the reader tries streaming again (list polling meanwhile). */
export const STREAM_RETRY_MS = 5 * 60_000;

/** Stream failures that `list` may not share: the endpoint or the connection, not the chat, the token or quota. */
/**
 * A streamed page arriving at t holds what Google had pushed by then; a comment published just before t may still
 * be on its way. The chat counts as read through t minus this (decision 0204).
 */
const STREAM_PUSH_MARGIN_MS = 1000;

const FALL_BACK_ON: LiveErrorReason[] = ['unavailable', 'notFound'];

export interface YouTubeReadContext {
  row: LiveStreamRow;
  state: IngestState;
  connection: PlatformConnectionRow;
  now: Date;
  /** Keep a stream open until this instant (epoch ms); at or before now: take the first answer and close. */
  until: number;
  /** The project's quota today, and how many chats draw on it. */
  quota: QuotaToday;
  readers: number;
  /** Commits one streamed page while the read goes on (lease kept); false when the lease was lost. */
  emit(decision: Decision): Promise<boolean>;
  /**
   * Keeps the lease while a stream is quiet; false when it was lost. `readThrough`: the open stream had sent
   * everything up to then (decision 0204).
   */
  renew(readThrough?: Date): Promise<boolean>;
  leaseMs: number;
  emptyPageMinMs: number;
  transport: 'stream' | 'list';
}

/**
 * Reads one YouTube chat for the poller: streamed (`liveChatMessages.stream`, each page committed as it
 * arrives, reconnecting with the last token) or polled (`list`), falling back from the first to the second
 * when the stream fails and trying the stream again after `STREAM_RETRY_MS` (decision 0160). Quota: the
 * stream's own budget and the project's ledger; when the current pace would use the project's quota up before
 * Google's reset, reconnects and polls are spread over what is left of the day.
 */
export class YouTubeChatRead {
  constructor(
    private readonly tokens: ConnectionTokens,
    private readonly youtubeFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi,
    private readonly log: Logger,
    private readonly clock: () => Date,
  ) {}

  async read(ctx: YouTubeReadContext): Promise<Decision & { quotaCharge: number }> {
    const { row, state, now } = ctx;
    const quotaDay = pacificDay(now);
    const startUsed = row.quotaDay === quotaDay ? row.quotaUsed : 0;
    let quotaUsed = startUsed;
    let charged = 0;
    const stopped = this.budgetStop(ctx, quotaUsed, quotaDay);
    if (stopped) return { ...stopped, quotaCharge: 0 };
    const api = this.youtubeFor((spent) => {
      quotaUsed += spent;
    });
    const quota = () => {
      const charge = quotaUsed - startUsed - charged;
      charged += charge;
      return { patch: { quotaUsed, quotaDay }, charge };
    };
    const streaming =
      ctx.transport === 'stream' &&
      (state.transport !== 'list' || (state.streamRetryAt ?? 0) <= now.getTime());
    let base: IngestState = state;
    try {
      if (!row.liveChatId)
        throw new LiveAdapterError('not-found', 'youtube', 'chatNotFound', 'no liveChatId');
      if (streaming) {
        try {
          const decision = await this.stream(ctx, api, quota);
          // The connection's units when no page carried them (a stream closed before its first element).
          const { patch: quotaPatch, charge } = quota();
          return {
            ...decision,
            patch: { ...decision.patch, ...quotaPatch },
            quotaCharge: decision.quotaCharge + charge,
          };
        } catch (error) {
          if (!FALL_BACK_ON.some((reason) => isLiveAdapterError(error, reason))) throw error;
          this.log.warn({ err: error, streamId: row.id }, 'chat stream failed; polling with list meanwhile');
          base = { ...state, transport: 'list', streamRetryAt: now.getTime() + STREAM_RETRY_MS };
        }
      }
      const page = await this.tokens.withAccessToken(ctx.connection, (accessToken) =>
        api.listChatMessages({ accessToken, liveChatId: row.liveChatId!, pageToken: row.cursor }),
      );
      const answeredAt = this.clock().getTime();
      const pace = youtubePacing.next(
        {
          answeredAt,
          intervalMs: page.pollingIntervalMillis,
          empty: page.messages.length === 0,
          moreWaiting: false,
          rateLimit: null,
        },
        base,
        { intervalMs: page.pollingIntervalMillis, quietMs: ctx.emptyPageMinMs },
      );
      const { patch: quotaPatch, charge } = quota();
      const nextAt = Math.max(pace.nextAt, answeredAt + this.spreadGap(ctx));
      const decision = pageDecision(page, row, now);
      return {
        ...decision,
        patch: {
          ...decision.patch,
          pollingIntervalMs: page.pollingIntervalMillis,
          ...quotaPatch,
          ingestState: { ...base, ...pace.state, failures: 0 },
          // The request went out after `now`: every comment published before it is in this answer (0204).
          readThroughAt: now,
          ...(page.chatEnded ? {} : { nextPollAt: new Date(nextAt) }),
        },
        quotaCharge: charge,
      };
    } catch (error) {
      const decision = failureDecision(row, base, error, now, this.log);
      const { patch: quotaPatch, charge } = quota();
      decision.patch = { ...decision.patch, ...quotaPatch };
      return { ...decision, quotaCharge: charge };
    }
  }

  /**
   * One streamed connection: every page is committed as it arrives (with the lease kept and the cursor moved
   * on), so a crash loses at most the page in flight and the next reader resumes from the last token. Ends
   * when Google closes the stream (idle) or at `until`; the next connection may go out at once unless the
   * quota must be spread.
   */
  private async stream(
    ctx: YouTubeReadContext,
    api: YouTubeApi,
    quota: () => { patch: { quotaUsed: number; quotaDay: string }; charge: number },
  ): Promise<Decision & { quotaCharge: number }> {
    const { row, now } = ctx;
    const lease = (ctx.row.ingestState as { lease?: string }).lease;
    const state: IngestState = { ...ctx.state, transport: 'stream', failures: 0 };
    delete state.streamRetryAt;
    let cursor = row.cursor;
    let pages = 0;
    let ended: YouTubeChatPage | null = null;
    const stop = new AbortController();
    // Between a page's arrival and its commit the chat is not read through its arrival yet.
    let busy = false;
    // A quiet stream sends nothing for seconds: keep the lease meanwhile, and stop if it was lost. Quiet and open
    // after its first page, the stream had sent everything published until a moment ago (decision 0204).
    const keep = setInterval(
      () => {
        const quiet = pages > 0 && !busy;
        const readThrough = quiet ? new Date(this.clock().getTime() - STREAM_PUSH_MARGIN_MS) : undefined;
        void ctx.renew(readThrough).then(
          (held) => held || stop.abort(),
          () => undefined,
        );
      },
      Math.max(ctx.leaseMs / 3, 100),
    );
    try {
      await this.tokens.withAccessToken(ctx.connection, async (accessToken) => {
        for await (const page of api.streamChatMessages({
          accessToken,
          liveChatId: row.liveChatId!,
          pageToken: cursor,
          signal: stop.signal,
        })) {
          pages += 1;
          busy = true;
          cursor = page.nextPageToken ?? cursor;
          if (page.chatEnded) {
            ended = page;
            stop.abort();
            break;
          }
          const at = this.clock();
          const { patch: quotaPatch, charge } = quota();
          const decision = pageDecision(page, { ...row, cursor }, at);
          const held = await ctx.emit({
            ...decision,
            patch: {
              ...decision.patch,
              ...quotaPatch,
              ingestState: { ...state, lease },
              nextPollAt: new Date(at.getTime() + ctx.leaseMs),
              readThroughAt: new Date(at.getTime() - STREAM_PUSH_MARGIN_MS),
            },
            quotaCharge: charge,
          });
          busy = false;
          if (!held || at.getTime() >= ctx.until) stop.abort();
        }
      });
    } finally {
      clearInterval(keep);
    }
    const finished = this.clock();
    const last = ended as YouTubeChatPage | null;
    if (last) {
      const decision = pageDecision(last, { ...row, cursor }, finished);
      return { ...decision, patch: { ...decision.patch, ingestState: state }, quotaCharge: 0 };
    }
    this.log.debug({ streamId: row.id, pages }, 'chat stream closed; reconnecting from the last token');
    const nextAt = finished.getTime() + this.spreadGap(ctx);
    return {
      messages: [],
      deletedMessageIds: [],
      bannedAuthorIds: [],
      patch: {
        cursor,
        status: 'live',
        lastError: null,
        ingestState: { ...state, notBefore: nextAt },
        nextPollAt: new Date(Math.max(nextAt, now.getTime())),
      },
      quotaCharge: 0,
    };
  }

  /** The stream's own budget or the project's quota is used up: keep the stream live, resume after the reset. */
  private budgetStop(ctx: YouTubeReadContext, quotaUsed: number, quotaDay: string): Decision | null {
    const units = youtubePacing.unitsPerRead;
    const budget = ctx.row.quotaBudget;
    const streamSpent = budget !== null && quotaUsed + units > budget;
    const projectSpent = ctx.quota.left < units;
    if (!streamSpent && !projectSpent) return null;
    return {
      messages: [],
      deletedMessageIds: [],
      bannedAuthorIds: [],
      patch: {
        quotaUsed,
        quotaDay,
        ingestState: ctx.state,
        nextPollAt: new Date(ctx.now.getTime() + msUntilQuotaReset(ctx.now)),
        lastError: streamSpent
          ? liveStreamErrorText.streamQuotaBudgetSpent(quotaUsed, budget)
          : liveStreamErrorText.projectQuotaBudgetSpent(ctx.quota.used, ctx.quota.limit),
      },
    };
  }

  /** Spread what the project has left over the day once the current pace would use it up before the reset. */
  private spreadGap(ctx: YouTubeReadContext): number {
    const { quota } = ctx;
    const msLeft = quota.resetsAt.getTime() - ctx.now.getTime();
    if (quota.runsOutAt === null) return 0;
    const gap = youtubePacing.budgetGapMs({ left: quota.left, msUntilReset: msLeft, readers: ctx.readers });
    return Number.isFinite(gap) ? gap : msLeft;
  }
}

/** A page as a decision: its messages, deletions and bans, the token to go on from, and the chat's end. */
function pageDecision(page: YouTubeChatPage, row: Pick<LiveStreamRow, 'cursor'>, now: Date): Decision {
  return {
    messages: page.messages,
    deletedMessageIds: page.deletedMessageIds,
    bannedAuthorIds: page.bannedChannelIds,
    patch: {
      cursor: page.nextPageToken ?? row.cursor,
      lastError: null,
      ...(page.chatEnded
        ? { status: 'ended', endedAt: page.offlineAt ?? now, nextPollAt: null }
        : { status: 'live' }),
    },
  };
}
