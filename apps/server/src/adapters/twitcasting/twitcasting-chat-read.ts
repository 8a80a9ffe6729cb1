import type {
  ChatMessage,
  ChatReadContext,
  ChatReadResult,
  ChatReadState,
  PaceState,
  PlatformChatReader,
} from '../live-chat/index.ts';
import { twitcastingPacing } from './twitcasting-pacing.ts';
import type { TwitCastingApi, TwitCastingRateLimit } from './twitcasting.adapter.ts';
import { compareIds } from './twitcasting.mapper.ts';

const TC_PAGE = 50;

/** Where a history walk by offset stopped (null once the chat's first comment is read). */
interface HistoryWalk {
  offset: number;
  /** `all_count` when that offset was reached. */
  allCount: number;
  /** The oldest comment id read so far. */
  oldestId: string;
}

/** What the TwitCasting reader keeps in the stream's state (beside the pace's `rateLimit`). */
interface TwitCastingChatState extends ChatReadState, PaceState {
  /** Comments accounted for so far (`all_count` of the last complete read). */
  allCount?: number;
  /** The history before the first read, walked by offset over as many reads as it takes; null once all read. */
  history?: HistoryWalk | null;
  /** When `current_live` last confirmed the broadcast (epoch milliseconds). */
  liveCheckedAt?: number;
}

/**
 * One TwitCasting read of a chat: slices from the stored cursor until caught up, the gap back-fill and the first
 * read's history by offset, the live check, and the pace that follows. A closed rate window is the caller's to
 * wait out before it reads (`twitcastingPacing.holdUntil`).
 */
export class TwitCastingChatRead implements PlatformChatReader {
  readonly badRequestDropsCursor = false;

  constructor(private readonly twitcasting: TwitCastingApi) {}

  async read(ctx: ChatReadContext): Promise<ChatReadResult> {
    const page = await ctx.withAccessToken((accessToken) => this.readWith(ctx, accessToken));
    return { ok: true, ...page };
  }

  private async readWith(ctx: ChatReadContext, accessToken: string) {
    const { stream, now, timing } = ctx;
    const state = ctx.state as TwitCastingChatState;
    const previous = stream.cursor;
    const base = {
      accessToken,
      movieId: stream.broadcastId,
      broadcasterId: stream.channelId,
      limit: TC_PAGE,
    };
    const deadline = ctx.clock().getTime() + timing.readBudgetMs;
    // From a stored cursor (a restart, a pause, a busy chat): every slice until caught up, as far as the rate
    // limit's window allows; the first read takes the newest page.
    const first =
      previous === null
        ? await this.twitcasting.listComments({ ...base, sliceId: null })
        : await this.twitcasting.walkComments({
            ...base,
            sliceId: previous,
            budgetMs: timing.readBudgetMs,
          });
    let rate: TwitCastingRateLimit | null = first.rateLimit;
    const messages: ChatMessage[] = [...first.messages];
    // Gap check. A full slice page means more are waiting: read on by slice at once and count only what
    // arrived. A short page must account for every comment all_count added since; if it does not, comments
    // fell between two reads, so read back by offset (newest first) until we meet what we already had.
    const known = typeof state.allCount === 'number' ? state.allCount : 0;
    const received = first.messages.length;
    let accounted = first.allCount;
    // Whether this read has every comment published before `now` (its first request went out after it).
    let complete = true;
    if (previous !== null && first.mayHaveMore) {
      accounted = known + received;
      complete = false;
    } else if (previous !== null && first.allCount - known - received > 0) {
      complete = false;
      for (let offset = 0; this.mayRead(ctx, rate, deadline); offset += TC_PAGE) {
        const page = await this.twitcasting.listComments({ ...base, offset });
        rate = page.rateLimit ?? rate;
        messages.push(...page.messages);
        const reached = page.messages.some((m) => compareIds(m.id, previous) <= 0);
        if (reached || !page.mayHaveMore) {
          complete = true;
          break;
        }
      }
    }
    // The history before the first read's newest page, by offset and however long (no page ceiling): as far as
    // the rate window and the time budget allow, then on in the next polls until the chat's first comment.
    let history: HistoryWalk | null = state.history ?? null;
    if (previous === null && first.mayHaveMore && received > 0) {
      history = { offset: received, allCount: first.allCount, oldestId: first.messages[0]!.id };
    }
    if (history) {
      const walked = await this.readHistory(ctx, base, history, first.allCount, rate, deadline);
      rate = walked.rate;
      messages.push(...walked.messages);
      history = walked.left;
    }
    let ended = false;
    let liveCheckedAt = state.liveCheckedAt ?? 0;
    if (first.messages.length === 0 && now.getTime() - liveCheckedAt >= timing.liveCheckMs) {
      if (twitcastingPacing.canSpend(paceOf(rate), 1)) {
        const live = await this.twitcasting.currentLive(accessToken, stream.channelId);
        ended = !live || live.id !== stream.broadcastId;
        liveCheckedAt = now.getTime();
      }
    }
    const pace = twitcastingPacing.next(
      {
        answeredAt: now.getTime(),
        intervalMs: null,
        empty: first.messages.length === 0,
        moreWaiting: (first.mayHaveMore && previous !== null) || history !== null,
        rateLimit: rate,
      },
      state,
      { intervalMs: timing.intervalMs, quietMs: timing.quietMs },
    );
    const nextState: TwitCastingChatState = { ...pace.state, allCount: accounted, liveCheckedAt, history };
    return {
      messages,
      deletedMessageIds: [],
      bannedAuthorIds: [],
      // An empty chat still gets a cursor (slice_id 1 = everything after the start), so the comments of a
      // later burst are read by slice, all of them, instead of as "history before the first read".
      cursor: first.nextSliceId ?? previous ?? '1',
      pollingIntervalMs: timing.intervalMs,
      state: nextState,
      // Caught up, gap and history included: the chat is read through this read's start (decision 0204).
      ...(complete && history === null ? { readThroughAt: now } : {}),
      ...(ended
        ? { status: 'ended' as const, endedAt: now, nextPollAt: null }
        : { status: 'live' as const, nextPollAt: new Date(pace.nextAt) }),
    };
  }

  /** Room for one more page in this read: the rate window (one request kept back) and the time budget. */
  private mayRead(ctx: ChatReadContext, rate: TwitCastingRateLimit | null, deadline: number): boolean {
    return twitcastingPacing.canSpend(paceOf(rate), 1) && ctx.clock().getTime() < deadline;
  }

  /**
   * Walks the history by offset (newest first) from where the last walk stopped, until a short page (the chat's
   * first comment reached), the rate window or the time budget. Comments that arrived since moved that place
   * further from the newest (by `all_count`'s growth); deletions can move it back, so a resumed walk first steps
   * towards the newest until a page meets the oldest comment already read: nothing between is skipped, and a
   * comment read twice is stored once.
   */
  private async readHistory(
    ctx: ChatReadContext,
    base: { accessToken: string; movieId: string; broadcasterId: string; limit: number },
    from: HistoryWalk,
    allCount: number,
    rate: TwitCastingRateLimit | null,
    deadline: number,
  ): Promise<{ messages: ChatMessage[]; rate: TwitCastingRateLimit | null; left: HistoryWalk | null }> {
    const messages: ChatMessage[] = [];
    const drift = allCount - from.allCount;
    let offset = drift === 0 ? from.offset : Math.max(0, from.offset + drift - TC_PAGE);
    let left = from;
    let joined = drift === 0;
    while (this.mayRead(ctx, rate, deadline)) {
      const page = await this.twitcasting.listComments({ ...base, offset });
      rate = page.rateLimit ?? rate;
      if (!joined && offset > 0 && !page.messages.some((m) => compareIds(m.id, left.oldestId) >= 0)) {
        offset = Math.max(0, offset - TC_PAGE);
        continue;
      }
      joined = true;
      messages.push(...page.messages);
      offset += TC_PAGE;
      if (!page.mayHaveMore) return { messages, rate, left: null };
      left = { offset, allCount: page.allCount, oldestId: page.messages[0]?.id ?? left.oldestId };
    }
    return { messages, rate, left };
  }
}

/** The pace state with the rate window this read's answers reported (none: no limit known). */
function paceOf(rate: TwitCastingRateLimit | null) {
  return rate ? { rateLimit: { remaining: rate.remaining, resetAt: rate.resetAt.getTime() } } : {};
}
