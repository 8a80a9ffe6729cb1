import {
  LiveAdapterError,
  networkError,
  readJson,
  type FetchLike,
  type PlatformTokens,
} from '../live-chat/index.ts';
import {
  YOUTUBE_QUOTA_COST,
  YOUTUBE_READONLY_SCOPE,
  type YouTubeApi,
  type YouTubeApiOptions,
  type YouTubeBroadcast,
  type YouTubeChannel,
  type YouTubeChatPage,
  type YouTubeMethod,
} from './youtube.adapter.ts';
import {
  mapApiError,
  mapBroadcast,
  mapChatPage,
  mapTokenError,
  type WireBroadcast,
  type WireChatPage,
} from './youtube.mapper.ts';
import { readChatStream } from './youtube-chat-stream.ts';

const TIMEOUT_MS = 15_000;
/** A stream that sends nothing (not even its idle close) this long is taken for a dead connection. */
const STREAM_IDLE_MS = 45_000;

/** The YouTube Data API v3 and Google OAuth over plain fetch (the real endpoints, the sandbox, or a test fake). */
export class YouTubeHttpApi implements YouTubeApi {
  constructor(
    private readonly options: YouTubeApiOptions,
    private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init),
  ) {}

  authorizationUrl(input: { redirectUri: string; state: string }): string {
    const url = new URL(this.options.authorizationUrl);
    url.search = new URLSearchParams({
      client_id: this.options.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: YOUTUBE_READONLY_SCOPE,
      state: input.state,
      // Offline access yields a refresh token; consent is forced so a reconnect gets a fresh one too.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    }).toString();
    return url.toString();
  }

  exchangeCode(input: { code: string; redirectUri: string }): Promise<PlatformTokens> {
    return this.token({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
    });
  }

  async refresh(refreshToken: string): Promise<PlatformTokens> {
    const tokens = await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    // Google does not send the refresh token again on refresh; the old one stays valid.
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  }

  async myChannel(accessToken: string): Promise<YouTubeChannel> {
    const body = (await this.get(
      'channels.list',
      '/channels',
      { part: 'id,snippet', mine: 'true' },
      {
        accessToken,
      },
    )) as {
      items?: {
        id?: string;
        snippet?: {
          title?: string;
          customUrl?: string;
          thumbnails?: Record<string, { url?: string; width?: number }>;
        };
      }[];
    };
    const item = body.items?.[0];
    if (!item?.id) {
      throw new LiveAdapterError(
        'not-found',
        'youtube',
        'notFound',
        'channels.list: this account has no channel',
      );
    }
    const thumbs = item.snippet?.thumbnails ?? {};
    const thumb = thumbs.high ?? thumbs.medium ?? thumbs.default ?? Object.values(thumbs)[0];
    return {
      id: item.id,
      title: item.snippet?.title ?? '',
      thumbnailUrl: thumb?.url ?? null,
      customUrl: item.snippet?.customUrl ?? null,
    };
  }

  async activeBroadcast(accessToken: string): Promise<YouTubeBroadcast | null> {
    const body = (await this.get(
      'liveBroadcasts.list',
      '/liveBroadcasts',
      { part: 'id,snippet,status', broadcastStatus: 'active', broadcastType: 'all' },
      { accessToken },
    )) as { items?: WireBroadcast[] };
    const broadcasts = (body.items ?? []).map(mapBroadcast).filter((b) => b.liveChatId);
    return broadcasts[0] ?? null;
  }

  async videoLiveChat(
    videoId: string,
    auth: { accessToken: string } | { apiKey: string },
  ): Promise<YouTubeBroadcast | null> {
    const body = (await this.get(
      'videos.list',
      '/videos',
      { part: 'id,snippet,liveStreamingDetails', id: videoId },
      auth,
    )) as { items?: WireBroadcast[] };
    const item = body.items?.[0];
    return item ? mapBroadcast(item) : null;
  }

  async listChatMessages(input: {
    accessToken: string;
    liveChatId: string;
    pageToken?: string | null;
    maxResults?: number;
  }): Promise<YouTubeChatPage> {
    const query: Record<string, string> = {
      liveChatId: input.liveChatId,
      part: 'id,snippet,authorDetails',
      maxResults: String(input.maxResults ?? 2000),
    };
    if (input.pageToken) query.pageToken = input.pageToken;
    const body = await this.get('liveChatMessages.list', '/liveChat/messages', query, {
      accessToken: input.accessToken,
    });
    return mapChatPage(body as WireChatPage);
  }

  async *streamChatMessages(input: {
    accessToken: string;
    liveChatId: string;
    pageToken?: string | null;
    signal?: AbortSignal;
  }): AsyncGenerator<YouTubeChatPage> {
    const method = 'liveChatMessages.stream';
    const params = new URLSearchParams({ liveChatId: input.liveChatId, part: 'id,snippet,authorDetails' });
    if (input.pageToken) params.set('pageToken', input.pageToken);
    // Headers must come within the usual timeout; the body then flows for as long as the server keeps it open.
    const connect = new AbortController();
    const headersDue = setTimeout(() => connect.abort(new Error('no answer')), TIMEOUT_MS);
    const signal = input.signal ? AbortSignal.any([input.signal, connect.signal]) : connect.signal;
    let response: Response;
    try {
      response = await this.fetchImpl(
        `${this.options.apiUrl}/liveChat/messages/stream?${params.toString()}`,
        {
          headers: { accept: 'application/json', authorization: `Bearer ${input.accessToken}` },
          signal,
        },
      );
    } catch (error) {
      if (input.signal?.aborted) return;
      throw networkError('youtube', method, error);
    } finally {
      clearTimeout(headersDue);
    }
    this.options.onQuota?.(YOUTUBE_QUOTA_COST[method], method);
    if (!response.ok || !response.body) {
      throw mapApiError(response.status, await readJson(response), method);
    }
    try {
      yield* readChatStream(response.body, { idleMs: STREAM_IDLE_MS });
    } catch (error) {
      // The caller closing the stream (its run is over) is not a failure.
      if (input.signal?.aborted) return;
      throw error;
    }
  }

  private async get(
    method: YouTubeMethod,
    path: string,
    query: Record<string, string>,
    auth: { accessToken: string } | { apiKey: string },
  ): Promise<unknown> {
    const params = new URLSearchParams(query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if ('apiKey' in auth) params.set('key', auth.apiKey);
    else headers.authorization = `Bearer ${auth.accessToken}`;
    const url = `${this.options.apiUrl}${path}?${params.toString()}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw networkError('youtube', method, error);
    }
    // Every request that reached Google costs quota, even the ones it refuses.
    this.options.onQuota?.(YOUTUBE_QUOTA_COST[method], method);
    const body = await readJson(response);
    if (!response.ok) throw mapApiError(response.status, body, method);
    if (body === null) {
      throw new LiveAdapterError('retryable', 'youtube', 'unavailable', `${method}: unreadable body`, {
        status: response.status,
      });
    }
    return body;
  }

  private async token(fields: Record<string, string>): Promise<PlatformTokens> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          ...fields,
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
        }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw networkError('youtube', 'token', error);
    }
    const body = (await readJson(response)) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      scope?: string;
    } | null;
    if (!response.ok) throw mapTokenError(response.status, body);
    if (!body?.access_token) {
      throw new LiveAdapterError('retryable', 'youtube', 'unavailable', 'token: no access_token in answer');
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: new Date(Date.now() + (body.expires_in ?? 3599) * 1000),
      scope: body.scope ?? null,
    };
  }
}
