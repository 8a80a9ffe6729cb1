import {
  LiveAdapterError,
  networkError,
  readJson,
  type ChatMessage,
  type FetchLike,
  type PlatformTokens,
} from '../live-chat/index.ts';
import type {
  TwitCastingApi,
  TwitCastingApiOptions,
  TwitCastingCommentPage,
  TwitCastingMovie,
  TwitCastingRateLimit,
  TwitCastingUser,
} from './twitcasting.adapter.ts';
import {
  compareIds,
  mapApiError,
  mapComment,
  mapMovie,
  mapUser,
  msUntilReset,
  readRateLimit,
  type WireComment,
  type WireMovie,
  type WireUser,
} from './twitcasting.mapper.ts';

const TIMEOUT_MS = 15_000;
/** Tokens whose window we remember; old entries go once their reset has passed, so the map stays small. */
const MAX_TRACKED_TOKENS = 10_000;

/** TwitCasting API v2 and its OAuth over plain fetch (the real API, the sandbox, or a test fake). */
export class TwitCastingHttpApi implements TwitCastingApi {
  /** Per token: the last window that reported nothing left, so we wait instead of burning a refused call. */
  private readonly exhausted = new Map<string, TwitCastingRateLimit>();

  constructor(
    private readonly options: TwitCastingApiOptions,
    private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init),
  ) {}

  authorizationUrl(input: { state: string }): string {
    const params = new URLSearchParams({
      client_id: this.options.clientId,
      response_type: 'code',
      state: input.state,
    });
    return `${this.options.apiUrl}/oauth2/authorize?${params.toString()}`;
  }

  async exchangeCode(input: { code: string; redirectUri: string }): Promise<PlatformTokens> {
    const { body } = await this.call('oauth2/access_token', '/oauth2/access_token', null, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: input.code,
        grant_type: 'authorization_code',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        redirect_uri: input.redirectUri,
      }).toString(),
    });
    const tokens = body as { access_token?: string; expires_in?: number };
    if (!tokens.access_token) {
      throw new LiveAdapterError(
        'retryable',
        'twitcasting',
        'unavailable',
        'access_token: no token in answer',
      );
    }
    return {
      accessToken: tokens.access_token,
      refreshToken: null,
      expiresAt: new Date(Date.now() + (tokens.expires_in ?? 15_552_000) * 1000),
      scope: null,
    };
  }

  async verifyCredentials(accessToken: string): Promise<TwitCastingUser> {
    const { body } = await this.call('verify_credentials', '/verify_credentials', accessToken);
    return mapUser((body as { user?: WireUser }).user);
  }

  async userInfo(idOrScreenId: string): Promise<TwitCastingUser | null> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    try {
      const path = `/users/${encodeURIComponent(idOrScreenId)}`;
      const { body } = await this.call('users', path, null, { headers: { authorization: `Basic ${basic}` } });
      const user = mapUser((body as { user?: WireUser }).user);
      return user.id ? user : null;
    } catch (error) {
      if (error instanceof LiveAdapterError && error.status === 404) return null;
      throw error;
    }
  }

  async currentLive(accessToken: string, userId: string): Promise<TwitCastingMovie | null> {
    try {
      const path = `/users/${encodeURIComponent(userId)}/current_live`;
      const { body } = await this.call('current_live', path, accessToken);
      return mapMovie((body as { movie?: WireMovie }).movie);
    } catch (error) {
      // The API answers "not live" with 404 {"error":{"code":404,"message":"Not Found"}}.
      if (error instanceof LiveAdapterError && error.status === 404) return null;
      throw error;
    }
  }

  async listComments(input: {
    accessToken: string;
    movieId: string;
    sliceId?: string | null;
    limit?: number;
    offset?: number;
    broadcasterId?: string | null;
  }): Promise<TwitCastingCommentPage> {
    const limit = Math.min(Math.max(input.limit ?? 50, 1), 50);
    const query = new URLSearchParams({ limit: String(limit) });
    // With slice_id the API ignores offset, so send only one of them.
    if (input.sliceId) query.set('slice_id', input.sliceId);
    else query.set('offset', String(input.offset ?? 0));
    const path = `/movies/${encodeURIComponent(input.movieId)}/comments?${query.toString()}`;
    const { body, rateLimit } = await this.call('comments', path, input.accessToken);
    const page = body as { all_count?: number; comments?: WireComment[] };
    const wire = page.comments ?? [];
    const messages = wire
      .map((comment) => mapComment(comment, input.broadcasterId ?? null))
      .filter((message): message is ChatMessage => message !== null)
      .sort((a, b) => compareIds(a.id, b.id));
    const newest = messages.at(-1)?.id ?? null;
    const previous = input.sliceId ?? null;
    return {
      messages,
      nextSliceId: newest && (!previous || compareIds(newest, previous) > 0) ? newest : (previous ?? newest),
      allCount: page.all_count ?? 0,
      mayHaveMore: wire.length >= limit,
      rateLimit,
    };
  }

  async walkComments(input: {
    accessToken: string;
    movieId: string;
    sliceId: string;
    broadcasterId?: string | null;
    reserve?: number;
    budgetMs?: number;
  }): Promise<TwitCastingCommentPage & { pages: number }> {
    const reserve = input.reserve ?? 1;
    const deadline = Date.now() + (input.budgetMs ?? 10_000);
    const messages: ChatMessage[] = [];
    let sliceId = input.sliceId;
    let pages = 0;
    for (;;) {
      const page = await this.listComments({ ...input, sliceId, limit: 50 });
      pages += 1;
      messages.push(...page.messages);
      const advanced = page.nextSliceId !== null && compareIds(page.nextSliceId, sliceId) > 0;
      if (advanced) sliceId = page.nextSliceId!;
      const caughtUp = !page.mayHaveMore || !advanced;
      const spent = page.rateLimit !== null && page.rateLimit.remaining <= reserve;
      if (caughtUp || spent || Date.now() >= deadline) {
        return { ...page, messages, nextSliceId: sliceId, mayHaveMore: !caughtUp, pages };
      }
    }
  }

  private async call(
    action: string,
    path: string,
    accessToken: string | null,
    init: RequestInit = {},
  ): Promise<{ body: unknown; rateLimit: TwitCastingRateLimit | null }> {
    if (accessToken) this.refuseWhileExhausted(accessToken, action);
    const headers: Record<string, string> = {
      'x-api-version': '2.0',
      accept: 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.options.apiUrl}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw networkError('twitcasting', action, error);
    }
    const rateLimit = readRateLimit(response.headers);
    if (accessToken && rateLimit) this.remember(accessToken, rateLimit, response.status);
    const body = await readJson(response);
    if (!response.ok) throw mapApiError(response.status, body, rateLimit, action);
    if (body === null) {
      throw new LiveAdapterError('retryable', 'twitcasting', 'unavailable', `${action}: unreadable body`);
    }
    return { body, rateLimit };
  }

  /** Remaining 0 means the next call would be refused with 2000: wait for the window to reset instead. */
  private refuseWhileExhausted(accessToken: string, action: string): void {
    const window = this.exhausted.get(accessToken);
    if (!window) return;
    if (window.resetAt.getTime() <= Date.now()) {
      this.exhausted.delete(accessToken);
      return;
    }
    throw new LiveAdapterError(
      'rate-limited',
      'twitcasting',
      'rateLimited',
      `${action}: X-RateLimit-Remaining is 0 until ${window.resetAt.toISOString()}`,
      { retryAfterMs: msUntilReset(window) },
    );
  }

  private remember(accessToken: string, rateLimit: TwitCastingRateLimit, status: number): void {
    // An invalid token is answered with Limit 0 / Remaining 0: that is the 1000 error, not a window to wait out.
    if (rateLimit.remaining > 0 || status === 401 || rateLimit.limit === 0) {
      this.exhausted.delete(accessToken);
      return;
    }
    if (this.exhausted.size >= MAX_TRACKED_TOKENS) {
      const now = Date.now();
      for (const [token, window] of this.exhausted) {
        if (window.resetAt.getTime() <= now) this.exhausted.delete(token);
      }
      if (this.exhausted.size >= MAX_TRACKED_TOKENS) return;
    }
    this.exhausted.set(accessToken, rateLimit);
  }
}
