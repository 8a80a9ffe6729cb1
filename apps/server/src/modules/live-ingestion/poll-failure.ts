import {
  isLiveAdapterError,
  type ChatMessage,
  type ChatReadState,
  type LivePlatformDriver,
  type PaceState,
} from '../../adapters/live-chat/index.ts';
import type { Logger } from '../../logger.ts';
import { liveStreamErrorText as text } from './live-stream-errors.ts';
import type { LiveStreamRow, PollCommit } from './live-stream.repository.ts';

/**
 * `live_stream.ingest_state`: what a poll needs beyond the cursor. Stored as JSON; all fields optional. The platform's
 * reader keeps its own keys here too (its pace, where a walk stopped; see its adapter), which the poller passes
 * through untouched.
 */
export interface IngestState extends ChatReadState {
  /** Consecutive failed polls (back-off grows with it). */
  failures?: number;
  /** The entrant count last announced, when it was counted, and whether comments arrived since. */
  entrants?: { count: number; at: number; stale: boolean };
  /** The platform's rate window as last reported (`PaceState`), shown to the streamer. */
  rateLimit?: PaceState['rateLimit'];
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

/** What of the stream's platform a failure's handling depends on. */
export type FailingPlatform = Pick<LivePlatformDriver, 'name' | 'pacing' | 'chat'>;

/**
 * What a failed poll means for the stream, in words a streamer can act on: the chat is over (ended), wait for
 * the platform's quota or rate window (later poll), the token is dead (error; connect again), or a passing
 * failure (back off exponentially and try again). Only the error's reason and the platform's driver decide.
 */
export function failureDecision(
  row: Pick<LiveStreamRow, 'id'>,
  platform: FailingPlatform,
  state: IngestState,
  error: unknown,
  now: Date,
  log?: Logger,
): Decision {
  const empty = { messages: [], deletedMessageIds: [], bannedAuthorIds: [] };
  const { name } = platform;
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
            ingestState: platform.pacing.rateLimited(state, now.getTime() + wait) as IngestState,
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
  const resetCursor = isLiveAdapterError(error, 'badRequest') && platform.chat.badRequestDropsCursor;
  log?.warn({ err: error, streamId: row.id, failures }, 'live poll failed; backing off');
  return {
    ...empty,
    patch: {
      nextPollAt: at(wait),
      // A cursor the platform no longer takes: start again from its recent window (duplicates are dropped).
      ...(resetCursor ? { cursor: null } : {}),
      lastError: text.readFailedRetrying(name, Math.ceil(wait / 1000)),
      ingestState: { ...state, failures },
    },
  };
}
