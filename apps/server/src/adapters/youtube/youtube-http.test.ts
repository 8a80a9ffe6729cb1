import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../live-chat/fake-http-server.ts';
import { isLiveAdapterError, LiveAdapterError } from '../live-chat/live-chat.types.ts';
import { YouTubeHttpApi } from './youtube-http.ts';
import type { YouTubeMethod } from './youtube.adapter.ts';

const CHAT = '/youtube/v3/liveChat/messages';

function textItem(id: string, channelId: string, text: string, flags: Record<string, boolean> = {}) {
  return {
    kind: 'youtube#liveChatMessage',
    etag: `e-${id}`,
    id,
    snippet: {
      type: 'textMessageEvent',
      liveChatId: 'chat-1',
      authorChannelId: channelId,
      publishedAt: '2020-07-10T14:00:30.645000Z',
      hasDisplayContent: true,
      displayMessage: text,
      textMessageDetails: { messageText: text },
    },
    authorDetails: {
      channelId,
      channelUrl: `http://www.youtube.com/channel/${channelId}`,
      displayName: `name ${channelId}`,
      profileImageUrl: `https://yt3.example/${channelId}.jpg`,
      isVerified: false,
      isChatOwner: false,
      isChatSponsor: false,
      isChatModerator: false,
      ...flags,
    },
  };
}

const page = (items: unknown[], token: string, extra: Record<string, unknown> = {}) => ({
  kind: 'youtube#liveChatMessageListResponse',
  etag: 'x',
  nextPageToken: token,
  pollingIntervalMillis: 4813,
  pageInfo: { totalResults: items.length, resultsPerPage: items.length },
  items,
  ...extra,
});

const googleError = (code: number, reason: string, domain: string, message: string) => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

describe('YouTubeHttpApi against a fake Data API', () => {
  let server: FakeHttpServer;
  let api: YouTubeHttpApi;
  let quota: [number, YouTubeMethod][];

  beforeEach(async () => {
    server = await startFakeHttpServer();
    quota = [];
    api = new YouTubeHttpApi({
      clientId: 'cid',
      clientSecret: 'secret',
      apiUrl: `${server.url}/youtube/v3`,
      authorizationUrl: `${server.url}/o/oauth2/v2/auth`,
      tokenUrl: `${server.url}/token`,
      onQuota: (units, method) => quota.push([units, method]),
    });
  });
  afterEach(() => server.close());

  it('chains pages by nextPageToken and maps text, Super Chat and member messages', async () => {
    server.answer(
      CHAT,
      { body: page([textItem('m1', 'UCa', 'hello')], 'tok-1') },
      {
        body: page(
          [
            {
              id: 'm2',
              snippet: {
                type: 'superChatEvent',
                authorChannelId: 'UCb',
                publishedAt: '2023-05-25T20:08:08.479833+00:00',
                displayMessage: '$5.00 from B: thanks',
                superChatDetails: {
                  amountMicros: '5000000',
                  currency: 'USD',
                  amountDisplayString: '$5.00',
                  userComment: 'thanks',
                  tier: 2,
                },
              },
              authorDetails: { channelId: 'UCb', displayName: 'B', isChatSponsor: true },
            },
            {
              id: 'm3',
              snippet: {
                type: 'memberMilestoneChatEvent',
                authorChannelId: 'UCc',
                publishedAt: '2023-05-25T20:08:09Z',
                memberMilestoneChatDetails: { userComment: '12 months!', memberMonth: 12 },
              },
              authorDetails: {
                channelId: 'UCc',
                displayName: 'C',
                isChatSponsor: true,
                isChatModerator: true,
              },
            },
          ],
          'tok-2',
        ),
      },
    );
    const first = await api.listChatMessages({ accessToken: 'at', liveChatId: 'chat-1' });
    expect(first.messages.map((m) => [m.id, m.kind, m.text])).toEqual([['m1', 'text', 'hello']]);
    expect(first.nextPageToken).toBe('tok-1');
    expect(first.pollingIntervalMillis).toBe(4813);
    expect(first.chatEnded).toBe(false);

    const second = await api.listChatMessages({
      accessToken: 'at',
      liveChatId: 'chat-1',
      pageToken: first.nextPageToken,
    });
    expect(second.messages.map((m) => [m.id, m.kind, m.text, m.author.isMember])).toEqual([
      ['m2', 'superChat', 'thanks', true],
      ['m3', 'membership', '12 months!', true],
    ]);
    expect(second.messages[0]!.superChat).toEqual({
      amountMicros: '5000000',
      currency: 'USD',
      amountDisplayString: '$5.00',
    });
    expect(second.messages[0]!.publishedAt.toISOString()).toBe('2023-05-25T20:08:08.479Z');
    expect(second.messages[1]!.author.isModerator).toBe(true);

    const [req1, req2] = server.requests;
    expect(req1!.headers.authorization).toBe('Bearer at');
    expect(req1!.query.get('liveChatId')).toBe('chat-1');
    expect(req1!.query.get('part')).toBe('id,snippet,authorDetails');
    expect(req1!.query.has('pageToken')).toBe(false);
    expect(req2!.query.get('pageToken')).toBe('tok-1');
    expect(quota).toEqual([
      [5, 'liveChatMessages.list'],
      [5, 'liveChatMessages.list'],
    ]);
  });

  it('reads an empty page and keeps the new token', async () => {
    server.answer(CHAT, { body: page([], 'tok-9') });
    const result = await api.listChatMessages({
      accessToken: 'at',
      liveChatId: 'chat-1',
      pageToken: 'tok-8',
    });
    expect(result.messages).toEqual([]);
    expect(result.nextPageToken).toBe('tok-9');
  });

  it('reports deletions, bans and owner flags apart from messages', async () => {
    server.answer(CHAT, {
      body: page(
        [
          textItem('m1', 'UCowner', 'welcome', { isChatOwner: true }),
          {
            id: 'd1',
            snippet: {
              type: 'messageDeletedEvent',
              authorChannelId: 'UCmod',
              messageDeletedDetails: { deletedMessageId: 'm0' },
            },
            authorDetails: { channelId: 'UCmod', isChatModerator: true },
          },
          {
            id: 'b1',
            snippet: {
              type: 'userBannedEvent',
              authorChannelId: 'UCmod',
              userBannedDetails: { bannedUserDetails: { channelId: 'UCspam' }, banType: 'permanent' },
            },
            authorDetails: { channelId: 'UCmod' },
          },
          { id: 't1', snippet: { type: 'tombstone' } },
        ],
        'tok',
      ),
    });
    const result = await api.listChatMessages({ accessToken: 'at', liveChatId: 'chat-1' });
    expect(result.messages.map((m) => m.id)).toEqual(['m1']);
    expect(result.messages[0]!.author.isOwner).toBe(true);
    expect(result.deletedMessageIds).toEqual(['m0']);
    expect(result.bannedChannelIds).toEqual(['UCspam']);
  });

  it('sees the end of chat in offlineAt and chatEndedEvent, then in 403 liveChatEnded', async () => {
    server.answer(
      CHAT,
      {
        body: page([{ id: 'e1', snippet: { type: 'chatEndedEvent' } }], 'tok', {
          offlineAt: '2024-01-01T10:00:00Z',
        }),
      },
      {
        status: 403,
        body: googleError(403, 'liveChatEnded', 'youtube.liveChat', 'The live chat is no longer live.'),
      },
    );
    const last = await api.listChatMessages({ accessToken: 'at', liveChatId: 'chat-1' });
    expect(last.chatEnded).toBe(true);
    expect(last.offlineAt?.toISOString()).toBe('2024-01-01T10:00:00.000Z');
    const error = await api
      .listChatMessages({ accessToken: 'at', liveChatId: 'chat-1', pageToken: 'tok' })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'chatEnded')).toBe(true);
    expect((error as LiveAdapterError).kind).toBe('not-found');
  });

  it.each([
    [403, 'quotaExceeded', 'youtube.quota', 'rate-limited', 'quotaExceeded'],
    [403, 'rateLimitExceeded', 'youtube.liveChat', 'rate-limited', 'rateLimited'],
    [404, 'liveChatNotFound', 'youtube.liveChat', 'not-found', 'chatNotFound'],
    [403, 'liveChatDisabled', 'youtube.liveChat', 'not-found', 'chatDisabled'],
    [403, 'forbidden', 'youtube.liveChat', 'auth', 'forbidden'],
    [401, 'authError', 'global', 'auth', 'refreshToken'],
    [500, 'backendError', 'global', 'retryable', 'unavailable'],
    [400, 'pageTokenInvalid', 'youtube.liveChat', 'permanent', 'badRequest'],
  ])('maps %i %s to %s/%s, and still counts the quota', async (status, reason, domain, kind, why) => {
    server.answer(CHAT, { status, body: googleError(status, reason, domain, 'nope') });
    const error = await api.listChatMessages({ accessToken: 'at', liveChatId: 'c' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LiveAdapterError);
    expect([(error as LiveAdapterError).kind, (error as LiveAdapterError).reason]).toEqual([kind, why]);
    if (why === 'quotaExceeded') {
      const wait = (error as LiveAdapterError).retryAfterMs!;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(86_400_000);
    }
    expect(quota).toEqual([[5, 'liveChatMessages.list']]);
  });

  it('maps a refused connection to retryable without counting quota', async () => {
    await server.close();
    const error = await api.listChatMessages({ accessToken: 'at', liveChatId: 'c' }).catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'unavailable')).toBe(true);
    expect((error as LiveAdapterError).kind).toBe('retryable');
    expect(quota).toEqual([]);
    server = await startFakeHttpServer();
  });

  it('builds the consent URL and exchanges and refreshes codes form-encoded', async () => {
    const url = new URL(api.authorizationUrl({ redirectUri: 'https://h.example/cb', state: 's1' }));
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/youtube.readonly');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe('s1');

    server.answer(
      '/token',
      {
        body: {
          access_token: 'a1',
          refresh_token: 'r1',
          expires_in: 3599,
          scope: 'x',
          token_type: 'Bearer',
        },
      },
      { body: { access_token: 'a2', expires_in: 3599, token_type: 'Bearer' } },
      {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      },
    );
    const tokens = await api.exchangeCode({ code: 'c1', redirectUri: 'https://h.example/cb' });
    expect(tokens.refreshToken).toBe('r1');
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    const form = new URLSearchParams(server.requests[0]!.body);
    expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      redirect_uri: 'https://h.example/cb',
      client_id: 'cid',
      client_secret: 'secret',
    });
    const refreshed = await api.refresh('r1');
    expect(refreshed).toMatchObject({ accessToken: 'a2', refreshToken: 'r1' });
    expect(new URLSearchParams(server.requests[1]!.body).get('grant_type')).toBe('refresh_token');
    const dead = await api.refresh('r1').catch((e: unknown) => e);
    expect(isLiveAdapterError(dead, 'reauthorize')).toBe(true);
  });

  it('finds the channel and the active broadcast with the documented filters', async () => {
    server.answer('/youtube/v3/channels', {
      body: {
        kind: 'youtube#channelListResponse',
        items: [
          {
            id: 'UCxxxxxxxxxxxxxxxxxxxxxx',
            snippet: {
              title: 'My channel',
              thumbnails: {
                default: { url: 'https://yt3.example/d.jpg' },
                high: { url: 'https://yt3.example/h.jpg' },
              },
            },
          },
        ],
      },
    });
    server.answer('/youtube/v3/liveBroadcasts', {
      body: {
        items: [
          { id: 'v0', snippet: { title: 'no chat' }, status: { lifeCycleStatus: 'live' } },
          {
            id: 'v1',
            snippet: {
              channelId: 'UCx',
              title: 'Live!',
              liveChatId: 'chat-1',
              actualStartTime: '2024-01-01T00:00:00Z',
            },
            status: { lifeCycleStatus: 'live' },
          },
        ],
      },
    });
    server.answer('/youtube/v3/videos', {
      body: {
        items: [{ id: 'v1', liveStreamingDetails: { activeLiveChatId: 'chat-1', concurrentViewers: '12' } }],
      },
    });
    expect(await api.myChannel('at')).toMatchObject({
      id: 'UCxxxxxxxxxxxxxxxxxxxxxx',
      thumbnailUrl: 'https://yt3.example/h.jpg',
    });
    expect(await api.activeBroadcast('at')).toMatchObject({ videoId: 'v1', liveChatId: 'chat-1' });
    expect(await api.videoLiveChat('v1', { apiKey: 'k' })).toMatchObject({ liveChatId: 'chat-1' });
    const [channels, broadcasts, videos] = server.requests;
    expect(channels!.query.get('mine')).toBe('true');
    expect(broadcasts!.query.get('broadcastStatus')).toBe('active');
    expect(broadcasts!.query.get('broadcastType')).toBe('all');
    expect(broadcasts!.query.has('mine')).toBe(false);
    expect(videos!.query.get('key')).toBe('k');
    expect(videos!.headers.authorization).toBeUndefined();
    expect(quota.map(([units]) => units)).toEqual([1, 5, 1]);
  });
});
