import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YouTubeHttpApi } from '../../adapters/youtube/youtube-http.ts';
import { isLiveAdapterError, type LiveAdapterError } from '../../adapters/live-chat/live-chat.types.ts';
import type { PlatformTokens } from '../../adapters/live-chat/live-chat.types.ts';
import { sandboxYouTubeApi, startListeningSandbox, type ListeningSandbox } from './sandbox-test-support.ts';

describe('the production YouTube adapter against the sandbox over HTTP', () => {
  let sandbox: ListeningSandbox;
  let api: YouTubeHttpApi;
  let quota = 0;
  let tokens: PlatformTokens;
  let channelId: string;
  const redirectUri = 'http://127.0.0.1:9/api/oauth/youtube/callback';

  beforeAll(async () => {
    sandbox = await startListeningSandbox();
    api = sandboxYouTubeApi(sandbox, (units) => (quota += units));
    // These tests poll back to back; the polling-interval rule has its own test below.
    await sandbox.console('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
  });
  afterAll(() => sandbox?.close());

  it('mounts the sandbox under the config the embedded server computes', () => {
    expect(sandbox.ctx.config.live.sandbox).toBe(true);
    expect(sandbox.ctx.config.live.youtube.apiUrl).toBe(
      `${sandbox.ctx.config.publicOrigin}/sandbox/youtube/youtube/v3`,
    );
  });

  it('keeps the sandbox out of the OpenAPI document', async () => {
    const docs = await sandbox.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/api/');
    expect(docs.body).not.toContain('/sandbox/');
  });

  it('consents as a fake account, exchanges the code, refreshes, and reads the channel', async () => {
    const back = await sandbox.consent(
      api.authorizationUrl({ redirectUri, state: 'st-1' }),
      'Hanabi Streamer',
    );
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('st-1');
    tokens = await api.exchangeCode({ code: back.searchParams.get('code')!, redirectUri });
    expect(tokens.refreshToken).toBeTruthy();
    // A code works once.
    const again = await api
      .exchangeCode({ code: back.searchParams.get('code')!, redirectUri })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(again, 'reauthorize')).toBe(true);

    const refreshed = await api.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    const channel = await api.myChannel(refreshed.accessToken);
    expect(channel.title).toBe('Hanabi Streamer');
    expect(channel.id).toMatch(/^UC[\w-]{22}$/);
    channelId = channel.id;
  });

  it('answers a bad token with 401, which the adapter maps to refreshToken', async () => {
    const error = await api.myChannel('ya29.nope').catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'refreshToken')).toBe(true);
  });

  it('runs a live chat: discovery, chained pages, Super Chat, members, deletion, empty page, end', async () => {
    expect(await api.activeBroadcast(tokens.accessToken)).toBeNull();
    const started = await sandbox.console<{ id: string; liveChatId: string }>('POST', '/streams', {
      platform: 'youtube',
      ownerId: channelId,
      title: 'Prize night',
    });
    expect(started.status).toBe(201);
    const broadcast = await api.activeBroadcast(tokens.accessToken);
    expect(broadcast).toMatchObject({
      videoId: started.body.id,
      liveChatId: started.body.liveChatId,
      lifeCycleStatus: 'live',
    });
    const byVideo = await api.videoLiveChat(started.body.id, { apiKey: 'any-key' });
    expect(byVideo?.liveChatId).toBe(started.body.liveChatId);
    const liveChatId = broadcast!.liveChatId!;

    const post = (body: Record<string, unknown>) =>
      sandbox.console<{ id: string }>('POST', `/streams/${started.body.id}/messages`, body);
    const hello = await post({ authorName: 'Aoi', text: 'hello #prize' });
    await post({
      authorName: 'Ren',
      text: 'thanks!',
      superChat: { amountMicros: '5000000', currency: 'JPY' },
      member: true,
    });
    await post({ authorName: 'Mod', text: 'be nice', moderator: true });
    await post({ owner: true, text: 'welcome' });

    const first = await api.listChatMessages({ accessToken: tokens.accessToken, liveChatId });
    expect(first.messages.map((m) => [m.text, m.kind])).toEqual([
      ['hello #prize', 'text'],
      ['thanks!', 'superChat'],
      ['be nice', 'text'],
      ['welcome', 'text'],
    ]);
    expect(first.messages[1]).toMatchObject({ superChat: { amountMicros: '5000000', currency: 'JPY' } });
    expect(first.messages[1]!.author.isMember).toBe(true);
    expect(first.messages[2]!.author.isModerator).toBe(true);
    expect(first.messages[3]!.author).toMatchObject({ id: channelId, isOwner: true });
    expect(first.pollingIntervalMillis).toBe(1000); // floored: never poll faster than 1 s

    const empty = await api.listChatMessages({
      accessToken: tokens.accessToken,
      liveChatId,
      pageToken: first.nextPageToken,
    });
    expect(empty.messages).toEqual([]);

    expect(
      (await sandbox.console('DELETE', `/streams/${started.body.id}/messages/${hello.body.id}`)).status,
    ).toBe(204);
    await post({ authorName: 'Aoi', text: 'again', membership: true });
    const second = await api.listChatMessages({
      accessToken: tokens.accessToken,
      liveChatId,
      pageToken: empty.nextPageToken,
    });
    expect(second.deletedMessageIds).toEqual([hello.body.id]);
    expect(second.messages.map((m) => [m.text, m.kind])).toEqual([['again', 'membership']]);

    // A fresh reader (no token) no longer sees the deleted message.
    const fresh = await api.listChatMessages({ accessToken: tokens.accessToken, liveChatId });
    expect(fresh.messages.map((m) => m.id)).not.toContain(hello.body.id);

    await sandbox.console('POST', `/streams/${started.body.id}/end`);
    const last = await api.listChatMessages({
      accessToken: tokens.accessToken,
      liveChatId,
      pageToken: second.nextPageToken,
    });
    expect(last.chatEnded).toBe(true);
    expect(last.offlineAt).toBeInstanceOf(Date);
    const after = await api
      .listChatMessages({ accessToken: tokens.accessToken, liveChatId, pageToken: last.nextPageToken })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(after, 'chatEnded')).toBe(true);
    expect(await api.activeBroadcast(tokens.accessToken)).toBeNull();

    const unknown = await api
      .listChatMessages({ accessToken: tokens.accessToken, liveChatId: 'nope' })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(unknown, 'chatNotFound')).toBe(true);
  });

  it('lets a viewer who commented under a typed name, or any typed name, sign in as that channel', async () => {
    // Aoi commented under a typed name in the live chat test: the consent page now offers her.
    const back = await sandbox.consent(api.authorizationUrl({ redirectUri, state: 'st-2' }), 'Aoi');
    const aoi = await api.exchangeCode({ code: back.searchParams.get('code')!, redirectUri });
    expect((await api.myChannel(aoi.accessToken)).title).toBe('Aoi');
    // The consent page says what the scope grants, not what one caller means to do with it.
    const consent = await (await fetch(api.authorizationUrl({ redirectUri, state: 'st-3' }))).text();
    expect(consent).toContain('View your YouTube account (read-only)');
    expect(consent).not.toContain('live chat');
    // A name typed on the page: its form sends the request's parameters along with the name.
    const form = /<form method="get" action="([^"]+)">([\s\S]*?)<\/form>/.exec(consent)!;
    const query = new URLSearchParams({ name: '  Typed Viewer  ' });
    for (const [, key, value] of form[2]!.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      query.set(key!, value!.replaceAll('&amp;', '&'));
    }
    const approved = await fetch(new URL(`${form[1]!}?${query}`, sandbox.origin), { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const target = new URL(approved.headers.get('location')!);
    expect(target.searchParams.get('state')).toBe('st-3');
    const typed = await api.exchangeCode({ code: target.searchParams.get('code')!, redirectUri });
    const channel = await api.myChannel(typed.accessToken);
    expect(channel.title).toBe('Typed Viewer');
    // The same name again is the same channel, not a new one.
    const again = await sandbox.consent(api.authorizationUrl({ redirectUri, state: 'st-4' }), 'Typed Viewer');
    const second = await api.exchangeCode({ code: again.searchParams.get('code')!, redirectUri });
    expect((await api.myChannel(second.accessToken)).id).toBe(channel.id);
  });

  it('spends quota per the table and answers quotaExceeded when the day is used up', async () => {
    const state = await sandbox.console<{ settings: { youtubeQuotaUsed: number } }>('GET', '/state');
    // The sandbox charged what the adapter counted.
    expect(state.body.settings.youtubeQuotaUsed).toBe(quota);
    await sandbox.console('PUT', '/settings', { youtubeQuotaLimit: quota + 3 });
    await api.myChannel(tokens.accessToken);
    const error = await api
      .listChatMessages({ accessToken: tokens.accessToken, liveChatId: 'x' })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'quotaExceeded')).toBe(true);
    expect((error as LiveAdapterError).kind).toBe('rate-limited');
    await sandbox.console('PUT', '/settings', { youtubeQuotaLimit: 10_000, youtubeQuotaUsed: 0 });
  });

  it('refuses polls faster than pollingIntervalMillis with 403 rateLimitExceeded', async () => {
    const started = await sandbox.console<{ id: string; liveChatId: string }>('POST', '/streams', {
      platform: 'youtube',
      ownerId: channelId,
    });
    await sandbox.console('PUT', '/settings', { youtubePollingIntervalMillis: 60_000 });
    try {
      const page = await api.listChatMessages({
        accessToken: tokens.accessToken,
        liveChatId: started.body.liveChatId,
      });
      expect(page.pollingIntervalMillis).toBe(60_000);
      const error = await api
        .listChatMessages({
          accessToken: tokens.accessToken,
          liveChatId: started.body.liveChatId,
          pageToken: page.nextPageToken,
        })
        .catch((e: unknown) => e);
      expect(isLiveAdapterError(error, 'rateLimited')).toBe(true);
      expect((error as LiveAdapterError).kind).toBe('rate-limited');
    } finally {
      await sandbox.console('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
      await sandbox.console('POST', `/streams/${started.body.id}/end`);
    }
  });

  it('runs an auto-chatter with the keyword for some viewers', async () => {
    const started = await sandbox.console<{ id: string; liveChatId: string }>('POST', '/streams', {
      platform: 'youtube',
      ownerId: channelId,
    });
    const chatter = await sandbox.console('PUT', `/streams/${started.body.id}/auto-chatter`, {
      viewers: 4,
      perSecond: 50,
      keyword: '#win',
      keywordShare: 0.5,
    });
    expect(chatter.status).toBe(200);
    // Wait for messages rather than a fixed time: the CPU is shared, timers may run late.
    for (let waited = 0; waited < 5000; waited += 50) {
      const log = await sandbox.console<{ messages: unknown[] }>(
        'GET',
        `/streams/${started.body.id}/messages`,
      );
      if (log.body.messages.length >= 8) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sandbox.console('DELETE', `/streams/${started.body.id}/auto-chatter`);
    const page = await api.listChatMessages({
      accessToken: tokens.accessToken,
      liveChatId: started.body.liveChatId,
    });
    expect(page.messages.length).toBeGreaterThanOrEqual(8);
    const withKeyword = new Set(
      page.messages.filter((m) => m.text.startsWith('#win')).map((m) => m.author.id),
    );
    const authors = new Set(page.messages.map((m) => m.author.id));
    expect(authors.size).toBe(4);
    expect(withKeyword.size).toBe(2);
  });
});

describe('with real platform URLs configured', () => {
  it('does not mount the sandbox', async () => {
    const { createTestContext } = await import('../../test/test-context.ts');
    const ctx = await createTestContext('pglite', {
      env: { YOUTUBE_API_URL: 'https://yt.example/youtube/v3' },
    });
    try {
      expect(ctx.config.live.sandbox).toBe(false);
      expect(ctx.config.live.twitcasting.apiUrl).toBe('https://apiv2.twitcasting.tv');
      const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/api/state' });
      expect(response.statusCode).toBe(404);
      const consent = await ctx.app.inject({ method: 'GET', url: '/sandbox/youtube/o/oauth2/v2/auth' });
      expect(consent.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
