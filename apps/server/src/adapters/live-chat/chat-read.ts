import type { Logger } from '../../logger.ts';
import type { ChatMessage } from './live-chat.types.ts';

/**
 * What a platform keeps about a chat between reads (the stream's `ingest_state`): each reader types its own keys
 * and passes the others (the caller's) through untouched.
 */
export type ChatReadState = Record<string, unknown>;

/** The waits a read works to, set by the caller (the poller's timing). */
export interface ChatReadTiming {
  /** How long the caller's lease on the chat lasts; an open read renews it well before. */
  leaseMs: number;
  /** An empty read waits at least this long, even when the platform allows less (keeps an idle chat cheap). */
  quietMs: number;
  /** The wait between reads where the platform names none. */
  intervalMs: number;
  /** How often a quiet chat asks whether its broadcast is still live, where comments do not say. */
  liveCheckMs: number;
  /** Stop starting pages after this long in one read (well inside the lease); the next read goes on. */
  readBudgetMs: number;
}

/**
 * What a read found: the comments, deletions and bans, and what to store about the chat. Keys left out leave the
 * stored value as it is.
 */
export interface ChatReadPage {
  messages: ChatMessage[];
  deletedMessageIds: string[];
  bannedAuthorIds: string[];
  /** Where the next read starts (a page token, a slice id); stored as is. */
  cursor?: string | null;
  /** `ended`: the chat is over (at `endedAt`), no read follows. */
  status?: 'live' | 'ended';
  endedAt?: Date;
  /** When the next read may go out; null once the chat has ended. Left out on a page emitted mid-read. */
  nextPollAt?: Date | null;
  /** The interval the platform asked for, shown to the streamer; null where it asks for none now. */
  pollingIntervalMs?: number | null;
  /** Every comment published before this instant has been read (decision 0204). */
  readThroughAt?: Date;
  /** The state to keep for the next read (`ChatReadContext.state` then). */
  state: ChatReadState;
}

/**
 * A read's answer: a page, or a failure (a `LiveAdapterError` with its reason, or anything else) with the state
 * the caller's failure handling starts from (a reader may have switched transport before it failed).
 */
export type ChatReadResult =
  ({ ok: true } & ChatReadPage) | { ok: false; error: unknown; state: ChatReadState };

/** The stored stream a read goes on from. */
export interface ChatReadStream {
  /** Hanabi's stream id, for logs. */
  id: string;
  /** The broadcasting account (YouTube channel id, TwitCasting user id). */
  channelId: string;
  broadcastId: string;
  /** The chat's own id where the platform names it apart from the broadcast. */
  liveChatId: string | null;
  /** What the last read stored as `cursor`; null before the first read. */
  cursor: string | null;
}

/**
 * Everything a platform's chat reader gets from the caller, none of it platform-specific: the stored stream and
 * state, a token, a quota meter, the lease (an open read keeps it and commits as it goes) and the clock.
 */
export interface ChatReadContext {
  stream: ChatReadStream;
  state: ChatReadState;
  /** When the read began: a read that is complete has every comment published before it. */
  now: Date;
  clock: () => Date;
  /**
   * An open read (a stream, a socket) may stay open until this instant (epoch ms), emitting each page; at or
   * before `now` it takes the first answer and returns.
   */
  until: number;
  /** Runs `call` with a valid access token (refreshed once where the platform allows; else the error is thrown). */
  withAccessToken<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
  /** Told the quota units every call cost (platforms with a quota). */
  charge(units: number): void;
  /** The least gap before the next call so the readers sharing the quota spread what is left over the day. */
  spreadMs: number;
  /** Commits a page while the read stays open; false when the lease was lost (close the read then). */
  emit(page: ChatReadPage): Promise<boolean>;
  /**
   * Keeps the lease while an open read is quiet; false when it was lost. `readThrough`: everything published up to
   * then has arrived (decision 0204).
   */
  renew(readThrough?: Date): Promise<boolean>;
  timing: ChatReadTiming;
  log: Pick<Logger, 'warn' | 'debug'>;
}

/**
 * A platform's chat reading: one call reads from the stored cursor however the platform serves its chat (a page by
 * `list`, a stream or a socket kept open until `until`, slices walked until caught up) and answers what to store
 * and when to read next.
 */
export interface PlatformChatReader {
  read(context: ChatReadContext): Promise<ChatReadResult>;
  /**
   * A `badRequest` means the stored cursor is no longer taken (YouTube's page tokens expire): the next read starts
   * again from the platform's recent window. Elsewhere the cursor is kept and the read retried.
   */
  badRequestDropsCursor: boolean;
}
