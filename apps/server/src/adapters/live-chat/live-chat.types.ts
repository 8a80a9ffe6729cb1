import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';

/**
 * The platform-neutral shapes both live adapters return, so ingestion and draws never branch on the platform's
 * wire format.
 */
export type LivePlatform = 'youtube' | 'twitcasting';

export type ChatMessageKind = 'text' | 'superChat' | 'membership' | 'other';

export interface ChatAuthor {
  /** YouTube channel id (`UC…`) or TwitCasting numeric user id (never the changeable screen id). */
  id: string;
  displayName: string;
  imageUrl: string | null;
  /** TwitCasting's screen id; YouTube has none in chat. */
  screenId: string | null;
  isMember: boolean;
  isModerator: boolean;
  isOwner: boolean;
}

export interface ChatMessage {
  platform: LivePlatform;
  /** The platform's message id: the de-duplication key. */
  id: string;
  kind: ChatMessageKind;
  /** The platform event type as sent (`textMessageEvent`, `superChatEvent`, `comment`, …). */
  platformType: string;
  author: ChatAuthor;
  /** The text a viewer wrote (a Super Chat's comment; empty when there is none). */
  text: string;
  publishedAt: Date;
  superChat: { amountMicros: string; currency: string; amountDisplayString: string } | null;
}

/**
 * A specific reason next to the adapter error kind, for the caller that must act differently on each:
 * stop polling (`chatEnded`, `chatNotFound`, `chatDisabled`, `notLive`), wait (`rateLimited`, `quotaExceeded`),
 * refresh the access token once (`refreshToken`) or ask the user to connect again (`reauthorize`).
 */
export type LiveErrorReason =
  | 'chatEnded'
  | 'chatNotFound'
  | 'chatDisabled'
  | 'notLive'
  | 'notFound'
  | 'forbidden'
  | 'rateLimited'
  | 'quotaExceeded'
  | 'refreshToken'
  | 'reauthorize'
  | 'badRequest'
  | 'unavailable';

export class LiveAdapterError extends AdapterError {
  constructor(
    kind: AdapterErrorKind,
    system: LivePlatform,
    readonly reason: LiveErrorReason,
    message: string,
    options: { cause?: unknown; retryAfterMs?: number; status?: number } = {},
  ) {
    super(kind, system, message, options);
    this.name = 'LiveAdapterError';
    this.status = options.status;
  }

  /** The HTTP status the platform answered, when it answered. */
  readonly status: number | undefined;
}

export function isLiveAdapterError(error: unknown, reason?: LiveErrorReason): error is LiveAdapterError {
  return error instanceof LiveAdapterError && (reason === undefined || error.reason === reason);
}

/** Tokens from an OAuth code exchange or refresh. */
export interface PlatformTokens {
  accessToken: string;
  /** YouTube only, and only when offline access was asked for; TwitCasting has no refresh flow. */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string | null;
}

/** The `fetch` the adapters use; tests may hand in another. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Network failures (refused, reset, timed out) are worth retrying; they never reached the platform's logic. */
export function networkError(system: LivePlatform, action: string, cause: unknown): LiveAdapterError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new LiveAdapterError('retryable', system, 'unavailable', `${action}: ${message}`, { cause });
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
