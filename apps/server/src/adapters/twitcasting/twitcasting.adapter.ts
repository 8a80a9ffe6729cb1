import type { ChatMessage, PlatformTokens } from '../live-chat/index.ts';

/** `X-RateLimit-*` of the last answer; `resetAt` comes from a Unix timestamp in seconds. */
export interface TwitCastingRateLimit {
  limit: number;
  remaining: number;
  resetAt: Date;
}

export interface TwitCastingUser {
  /** Numeric id as a string: the stable key (the screen id can be changed by its owner). */
  id: string;
  screenId: string;
  name: string;
  imageUrl: string | null;
  isLive: boolean;
}

export interface TwitCastingMovie {
  id: string;
  userId: string;
  title: string;
  isLive: boolean;
  commentCount: number;
  link: string | null;
  createdAt: Date | null;
}

export interface TwitCastingCommentPage {
  /** Oldest first (the API answers newest first; we reverse). */
  messages: ChatMessage[];
  /** Largest comment id seen so far: the next `slice_id`. Null until a first comment exists. */
  nextSliceId: string | null;
  /** Total comments on the movie: a jump larger than what arrived means a gap to back-fill. */
  allCount: number;
  /**
   * As many comments as asked for came back. With `sliceId`: newer ones may be waiting, poll again without the
   * usual pause. Without it (the newest page): older ones exist, reachable by `offset`.
   */
  mayHaveMore: boolean;
  rateLimit: TwitCastingRateLimit | null;
}

export interface TwitCastingApi {
  /** Authorization Code Grant consent URL (TwitCasting has no scopes). */
  authorizationUrl(input: { state: string }): string;
  /** TwitCasting has no refresh flow: when the token dies (1000 Invalid token) the user must connect again. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<PlatformTokens>;
  verifyCredentials(accessToken: string): Promise<TwitCastingUser>;
  /**
   * `GET /users/:user_id` with the app's Basic credentials: `idOrScreenId` is a numeric user id or a screen id;
   * null when no such user exists (the API's 404). Used to turn a changeable screen id into the stable id.
   */
  userInfo(idOrScreenId: string): Promise<TwitCastingUser | null>;
  /** `users/:id/current_live`; null when the user is not live (the API's 404). */
  currentLive(accessToken: string, userId: string): Promise<TwitCastingMovie | null>;
  /**
   * `movies/:id/comments`. Without `sliceId`: the newest `limit` comments. With it: comments newer than that id.
   * `limit` is 1–50.
   */
  listComments(input: {
    accessToken: string;
    movieId: string;
    sliceId?: string | null;
    limit?: number;
    offset?: number;
    /** The movie's owner, so their own comments are flagged `isOwner`. */
    broadcasterId?: string | null;
  }): Promise<TwitCastingCommentPage>;
  /**
   * Every comment after `sliceId`, walking slice pages of 50 (each from the newest id of the last) until one comes
   * back short — caught up, however many piled up during a restart or a pause. It stops early, with
   * `mayHaveMore`, when `X-RateLimit-Remaining` falls to `reserve` (the rest of the window is left for other
   * calls; the caller waits for `X-RateLimit-Reset`) or after `budgetMs`; the next call goes on from `nextSliceId`.
   */
  walkComments(input: {
    accessToken: string;
    movieId: string;
    sliceId: string;
    broadcasterId?: string | null;
    /** Requests of the window to leave unused; default 1. */
    reserve?: number;
    /** Stop starting new pages after this long; default 10 s. */
    budgetMs?: number;
  }): Promise<TwitCastingCommentPage & { pages: number }>;
}

export interface TwitCastingApiOptions {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
}
