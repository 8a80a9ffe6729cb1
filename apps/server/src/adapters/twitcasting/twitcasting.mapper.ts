import type { AdapterErrorKind } from '../adapter-error.ts';
import { LiveAdapterError, type ChatMessage, type LiveErrorReason } from '../live-chat/index.ts';
import type { TwitCastingMovie, TwitCastingRateLimit, TwitCastingUser } from './twitcasting.adapter.ts';

/** Wire shapes of API v2 (twitcasting.md §3). */
export interface WireUser {
  id?: string;
  screen_id?: string;
  name?: string;
  image?: string;
  is_live?: boolean;
}

export interface WireComment {
  id?: string;
  message?: string;
  from_user?: WireUser;
  created?: number;
}

export interface WireMovie {
  id?: string;
  user_id?: string;
  title?: string;
  is_live?: boolean;
  comment_count?: number;
  link?: string;
  created?: number;
}

export function mapUser(user: WireUser | undefined): TwitCastingUser {
  return {
    id: String(user?.id ?? ''),
    screenId: user?.screen_id ?? '',
    name: user?.name ?? '',
    imageUrl: user?.image ?? null,
    isLive: user?.is_live === true,
  };
}

export function mapMovie(movie: WireMovie | undefined): TwitCastingMovie {
  return {
    id: String(movie?.id ?? ''),
    userId: String(movie?.user_id ?? ''),
    title: movie?.title ?? '',
    isLive: movie?.is_live === true,
    commentCount: movie?.comment_count ?? 0,
    link: movie?.link ?? null,
    createdAt: movie?.created ? new Date(movie.created * 1000) : null,
  };
}

/**
 * TwitCasting has no member/moderator flags and no paid comments in this API; the broadcaster is recognised by
 * id, so an "exclude the owner" rule still works.
 */
export function mapComment(comment: WireComment, broadcasterId: string | null): ChatMessage | null {
  if (!comment.id || !comment.from_user?.id) return null;
  const author = mapUser(comment.from_user);
  return {
    platform: 'twitcasting',
    id: String(comment.id),
    kind: 'text',
    platformType: 'comment',
    author: {
      id: author.id,
      displayName: author.name,
      imageUrl: author.imageUrl,
      screenId: author.screenId || null,
      isMember: false,
      isModerator: false,
      isOwner: broadcasterId !== null && author.id === broadcasterId,
    },
    text: comment.message ?? '',
    publishedAt: new Date((comment.created ?? 0) * 1000),
    superChat: null,
  };
}

/** Ids grow over time but are strings of varying length: compare as integers. */
export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function readRateLimit(headers: Headers): TwitCastingRateLimit | null {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  if (limit === null || remaining === null || reset === null) return null;
  const values = [Number(limit), Number(remaining), Number(reset)];
  if (values.some((value) => !Number.isFinite(value))) return null;
  return { limit: values[0]!, remaining: values[1]!, resetAt: new Date(values[2]! * 1000) };
}

export function msUntilReset(rateLimit: TwitCastingRateLimit | null, fallbackMs = 60_000): number {
  if (!rateLimit) return fallbackMs;
  return Math.max(rateLimit.resetAt.getTime() - Date.now(), 1000);
}

const CODES: Record<number, [AdapterErrorKind, LiveErrorReason]> = {
  1000: ['auth', 'reauthorize'],
  1001: ['permanent', 'badRequest'],
  2000: ['rate-limited', 'rateLimited'],
  2001: ['auth', 'reauthorize'],
  2002: ['auth', 'forbidden'],
  2004: ['permanent', 'badRequest'],
  2005: ['auth', 'reauthorize'],
  400: ['permanent', 'badRequest'],
  403: ['auth', 'forbidden'],
  404: ['not-found', 'notFound'],
};

/** Maps `{error:{code,message}}` (singular `error`, whatever some clients assume) to a kind and a reason. */
export function mapApiError(
  status: number,
  body: unknown,
  rateLimit: TwitCastingRateLimit | null,
  action: string,
): LiveAdapterError {
  const error = (body as { error?: { code?: number; message?: string } } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : status;
  const message = `${action}: ${status} ${code}${error?.message ? ` (${error.message})` : ''}`;
  // 429 is not documented but served defensively by fakes and clients alike; treat it as the 2000 limit.
  const known = status === 429 ? CODES[2000] : CODES[code];
  if (known) {
    const [kind, reason] = known;
    const retryAfterMs = reason === 'rateLimited' ? msUntilReset(rateLimit) : undefined;
    return new LiveAdapterError(kind, 'twitcasting', reason, message, { status, retryAfterMs });
  }
  if (status === 401) return new LiveAdapterError('auth', 'twitcasting', 'reauthorize', message, { status });
  if (status >= 500 || status === 408)
    return new LiveAdapterError('retryable', 'twitcasting', 'unavailable', message, { status });
  return new LiveAdapterError('permanent', 'twitcasting', 'badRequest', message, { status });
}
