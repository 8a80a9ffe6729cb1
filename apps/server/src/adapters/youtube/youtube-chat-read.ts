import {
  isLiveAdapterError,
  LiveAdapterError,
  type ChatReadContext,
  type ChatReadPage,
  type ChatReadResult,
  type ChatReadState,
  type LiveErrorReason,
  type PaceState,
  type PlatformChatReader,
} from '../live-chat/index.ts';
import { youtubePacing } from './youtube-pacing.ts';
import type { YouTubeApi, YouTubeApiOptions, YouTubeChatPage } from './youtube.adapter.ts';

/** How long a stream that failed waits before the reader tries streaming again (list polling meanwhile). */
export const STREAM_RETRY_MS = 5 * 60_000;

/**
 * A streamed page arriving at t holds what Google had pushed by then; a comment published just before t may still
 * be on its way. The chat counts as read through t minus this (decision 0204).
 */
const STREAM_PUSH_MARGIN_MS = 1000;

/** Stream failures that `list` may not share: the endpoint or the connection, not the chat, the token or quota. */
const FALL_BACK_ON: LiveErrorReason[] = ['unavailable', 'notFound'];

/** What the YouTube reader keeps in the stream's state (beside the pace's `notBefore`). */
interface YouTubeChatState extends ChatReadState, PaceState {
  /** How the chat is read now (`list` after a stream failed, until `streamRetryAt`, epoch ms). */
  transport?: 'stream' | 'list';
  streamRetryAt?: number;
}

/**
 * Reads one YouTube chat: streamed (`liveChatMessages.stream`, each page emitted as it arrives, reconnecting with
 * the last token) or polled (`list`), falling back from the first to the second when the stream fails and trying
 * the stream again after `STREAM_RETRY_MS` (decision 0160). Every call's units go to `context.charge`; the caller's
 * `spreadMs` spaces reconnects and polls when the project's quota would run out before Google's reset.
 */
export class YouTubeChatRead implements PlatformChatReader {
  readonly badRequestDropsCursor = true;

  constructor(
    private readonly youtubeFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi,
    private readonly transport: 'stream' | 'list',
  ) {}

  async read(ctx: ChatReadContext): Promise<ChatReadResult> {
    const { stream, now } = ctx;
    const state = ctx.state as YouTubeChatState;
    const api = this.youtubeFor((units) => ctx.charge(units));
    const streaming =
      this.transport === 'stream' &&
      (state.transport !== 'list' || (state.streamRetryAt ?? 0) <= now.getTime());
    let base: YouTubeChatState = state;
    try {
      if (!stream.liveChatId)
        throw new LiveAdapterError('not-found', 'youtube', 'chatNotFound', 'no liveChatId');
      if (streaming) {
        try {
          return { ok: true, ...(await this.stream(ctx, api, stream.liveChatId)) };
        } catch (error) {
          if (!FALL_BACK_ON.some((reason) => isLiveAdapterError(error, reason))) throw error;
          ctx.log.warn(
            { err: error, streamId: stream.id },
            'chat stream failed; polling with list meanwhile',
          );
          base = { ...state, transport: 'list', streamRetryAt: now.getTime() + STREAM_RETRY_MS };
        }
      }
      const liveChatId = stream.liveChatId;
      const page = await ctx.withAccessToken((accessToken) =>
        api.listChatMessages({ accessToken, liveChatId, pageToken: stream.cursor }),
      );
      const answeredAt = ctx.clock().getTime();
      const pace = youtubePacing.next(
        {
          answeredAt,
          intervalMs: page.pollingIntervalMillis,
          empty: page.messages.length === 0,
          moreWaiting: false,
          rateLimit: null,
        },
        base,
        { intervalMs: page.pollingIntervalMillis, quietMs: ctx.timing.quietMs },
      );
      const nextAt = Math.max(pace.nextAt, answeredAt + ctx.spreadMs);
      return {
        ok: true,
        ...pageOf(page, stream.cursor, now, { ...base, ...pace.state }),
        pollingIntervalMs: page.pollingIntervalMillis,
        // The request went out after `now`: every comment published before it is in this answer (0204).
        readThroughAt: now,
        ...(page.chatEnded ? {} : { nextPollAt: new Date(nextAt) }),
      };
    } catch (error) {
      return { ok: false, error, state: base };
    }
  }

  /**
   * One streamed connection: every page is emitted as it arrives (the caller commits it with the lease kept and the
   * cursor moved on), so a crash loses at most the page in flight and the next reader resumes from the last token.
   * Ends when Google closes the stream (idle) or at `until`; the next connection may go out at once unless the
   * quota must be spread.
   */
  private async stream(ctx: ChatReadContext, api: YouTubeApi, liveChatId: string): Promise<ChatReadPage> {
    const { stream, now } = ctx;
    const state: YouTubeChatState = { ...ctx.state, transport: 'stream' };
    delete state.streamRetryAt;
    let cursor = stream.cursor;
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
        const readThrough = quiet ? new Date(ctx.clock().getTime() - STREAM_PUSH_MARGIN_MS) : undefined;
        void ctx.renew(readThrough).then(
          (held) => held || stop.abort(),
          () => undefined,
        );
      },
      Math.max(ctx.timing.leaseMs / 3, 100),
    );
    try {
      await ctx.withAccessToken(async (accessToken) => {
        for await (const page of api.streamChatMessages({
          accessToken,
          liveChatId,
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
          const at = ctx.clock();
          const held = await ctx.emit({
            ...pageOf(page, cursor, at, state),
            readThroughAt: new Date(at.getTime() - STREAM_PUSH_MARGIN_MS),
          });
          busy = false;
          if (!held || at.getTime() >= ctx.until) stop.abort();
        }
      });
    } finally {
      clearInterval(keep);
    }
    const finished = ctx.clock();
    const last = ended as YouTubeChatPage | null;
    if (last) return pageOf(last, cursor, finished, state);
    ctx.log.debug({ streamId: stream.id, pages }, 'chat stream closed; reconnecting from the last token');
    const nextAt = finished.getTime() + ctx.spreadMs;
    return {
      messages: [],
      deletedMessageIds: [],
      bannedAuthorIds: [],
      cursor,
      status: 'live',
      state: { ...state, notBefore: nextAt },
      nextPollAt: new Date(Math.max(nextAt, now.getTime())),
    };
  }
}

/** A page as a read: its messages, deletions and bans, the token to go on from, and the chat's end. */
function pageOf(page: YouTubeChatPage, cursor: string | null, now: Date, state: ChatReadState): ChatReadPage {
  return {
    messages: page.messages,
    deletedMessageIds: page.deletedMessageIds,
    bannedAuthorIds: page.bannedChannelIds,
    cursor: page.nextPageToken ?? cursor,
    state,
    ...(page.chatEnded
      ? { status: 'ended', endedAt: page.offlineAt ?? now, nextPollAt: null }
      : { status: 'live' }),
  };
}
