import { isLiveAdapterError, type ChatMessage } from '../../adapters/live-chat/index.ts';
import type { Logger } from '../../logger.ts';
import { liveStreamErrorText as text } from './live-stream-errors.ts';
import type { LiveStreamRow, PollCommit } from './live-stream.repository.ts';

/** `live_stream.ingest_state`: what a poll needs beyond the cursor. Stored as JSON; all fields optional. */
export interface IngestState {
  [key: string]: unknown;
  /** Consecutive failed polls (back-off grows with it). */
  failures?: number;
  /** TwitCasting: comments accounted for so far (`all_count` of the last complete read). */
  allCount?: number;
  /** TwitCasting: the last `X-RateLimit-*` seen (reset as epoch milliseconds). */
  rateLimit?: { remaining: number; resetAt: number };
  /**
   * TwitCasting: the history before the first read, walked by offset over as many polls as it takes: the next
   * offset, `all_count` when it was reached and the oldest comment id read so far. Null once it is all read.
   */
  history?: { offset: number; allCount: number; oldestId: string } | null;
  /** TwitCasting: when `current_live` last confirmed the broadcast (epoch milliseconds). */
  liveCheckedAt?: number;
  /** The entrant count last announced, when it was counted, and whether comments arrived since. */
  entrants?: { count: number; at: number; stale: boolean };
  /**
   * YouTube: no request may go out before this (epoch milliseconds): the last answer's arrival plus its
   * `pollingIntervalMillis`. Google refuses an earlier call with `rateLimitExceeded`, by its own clock.
   */
  notBefore?: number;
  /** YouTube: how the chat is read now (`list` after a stream failed, until `streamRetryAt`, epoch ms). */
  transport?: 'stream' | 'list';
  streamRetryAt?: number;
}

export interface Decision {
  messages: ChatMessage[];
  deletedMessageIds: string[];
  bannedAuthorIds: string[];
  patch: PollCommit['patch'];
  /** Quota units the read spent, for the project ledger. */
  quotaCharge?: number;
}

const MAX_BACKOFF_MS = 5 * 60_000;

const platformName = (row: LiveStreamRow): 'YouTube' | 'TwitCasting' =>
  row.platform === 'youtube' ? 'YouTube' : 'TwitCasting';

/**
 * What a failed poll means for the stream, in words a streamer can act on: the chat is over (ended), wait for
 * the platform's quota or rate window (later poll), the token is dead (error; connect again), or a passing
 * failure (back off exponentially and try again).
 */
export function failureDecision(
  row: LiveStreamRow,
  state: IngestState,
  error: unknown,
  now: Date,
  log?: Logger,
): Decision {
  const empty = { messages: [], deletedMessageIds: [], bannedAuthorIds: [] };
  const name = platformName(row);
  const at = (ms: number) => new Date(now.getTime() + ms);
  const ended = (lastError: string | null): Decision => ({
    ...empty,
    patch: { status: 'ended', endedAt: now, nextPollAt: null, lastError, ingestState: state },
  });
  const stopped = (lastError: string): Decision => ({
    ...empty,
    patch: { status: 'error', nextPollAt: null, lastError, ingestState: state },
  });
  if (isLiveAdapterError(error)) {
    switch (error.reason) {
      case 'chatEnded':
      case 'notLive':
        return ended(null);
      case 'chatNotFound':
      case 'notFound':
        return ended(text.chatGone(name));
      case 'chatDisabled':
        return ended(text.chatDisabled(name));
      case 'quotaExceeded':
        return {
          ...empty,
          patch: {
            nextPollAt: at(error.retryAfterMs ?? 60 * 60_000),
            lastError: text.projectQuotaUsedUp(),
            ingestState: state,
          },
        };
      case 'rateLimited': {
        const wait = Math.max(error.retryAfterMs ?? 5000, 1000);
        return {
          ...empty,
          patch: {
            nextPollAt: at(wait),
            ingestState:
              row.platform === 'twitcasting'
                ? { ...state, rateLimit: { remaining: 0, resetAt: now.getTime() + wait } }
                : state,
          },
        };
      }
      case 'reauthorize':
      case 'refreshToken':
        return stopped(text.accessRevoked(name));
      case 'forbidden':
        return stopped(text.chatRefused(name));
      default:
        break;
    }
  } else {
    log?.error({ err: error, streamId: row.id }, 'live poll failed unexpectedly');
  }
  const failures = (state.failures ?? 0) + 1;
  const wait = Math.min(1000 * 2 ** failures, MAX_BACKOFF_MS);
  const resetCursor = isLiveAdapterError(error, 'badRequest') && row.platform === 'youtube';
  log?.warn({ err: error, streamId: row.id, failures }, 'live poll failed; backing off');
  return {
    ...empty,
    patch: {
      nextPollAt: at(wait),
      // A page token YouTube no longer takes: start again from the recent window (duplicates are dropped).
      ...(resetCursor ? { cursor: null } : {}),
      lastError: text.readFailedRetrying(name, Math.ceil(wait / 1000)),
      ingestState: { ...state, failures },
    },
  };
}
