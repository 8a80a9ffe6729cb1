import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLiveAdapterError } from '../../adapters/live-chat/live-chat.types.ts';
import type { YouTubeHttpApi } from '../../adapters/youtube/youtube-http.ts';
import type { YouTubeChatPage } from '../../adapters/youtube/youtube.adapter.ts';
import { sandboxYouTubeApi, startListeningSandbox, type ListeningSandbox } from './sandbox-test-support.ts';

describe('the YouTube adapter reading the sandbox chat with liveChatMessages.stream', () => {
  let sandbox: ListeningSandbox;
  let api: YouTubeHttpApi;
  let quota = 0;
  let accessToken: string;
  let channelId: string;

  beforeAll(async () => {
    sandbox = await startListeningSandbox();
    api = sandboxYouTubeApi(sandbox, (units) => (quota += units));
    const redirectUri = 'http://127.0.0.1:9/api/oauth/youtube/callback';
    const back = await sandbox.consent(api.authorizationUrl({ redirectUri, state: 's' }), 'Hanabi Streamer');
    accessToken = (await api.exchangeCode({ code: back.searchParams.get('code')!, redirectUri })).accessToken;
    channelId = (await api.myChannel(accessToken)).id;
  });
  afterAll(() => sandbox?.close());

  async function startChat() {
    const started = await sandbox.console<{ id: string; liveChatId: string }>('POST', '/streams', {
      platform: 'youtube',
      ownerId: channelId,
    });
    const post = (text: string) =>
      sandbox.console<{ id: string }>('POST', `/streams/${started.body.id}/messages`, {
        authorName: 'Aoi',
        text,
      });
    return { ...started.body, post };
  }

  it('sends history first, pushes new messages as they are posted, and closes an idle chat', async () => {
    await sandbox.console('PUT', '/settings', { youtubeStreamIdleMs: 400 });
    const chat = await startChat();
    await chat.post('before #prize');
    const pages: YouTubeChatPage[] = [];
    const arrivals: number[] = [];
    const opened = Date.now();
    const spent = quota;
    let posted = 0;
    for await (const page of api.streamChatMessages({ accessToken, liveChatId: chat.liveChatId })) {
      pages.push(page);
      arrivals.push(Date.now());
      // Post while the connection is open: each message must come through it, not through a new call.
      if (posted < 2) {
        posted += 1;
        await chat.post(`live ${posted}`);
      }
    }
    expect(pages.map((p) => p.messages.map((m) => m.text))).toEqual([
      ['before #prize'],
      ['live 1'],
      ['live 2'],
    ]);
    // The idle close came on its own, ≥ 400 ms after the last message, and it all cost one call.
    expect(Date.now() - arrivals.at(-1)!).toBeGreaterThanOrEqual(350);
    expect(Date.now() - opened).toBeLessThan(5000);
    expect(quota - spent).toBe(5);

    // Reconnect with the last token: only what came since, no repeats.
    await chat.post('after the close');
    const resumed: string[] = [];
    for await (const page of api.streamChatMessages({
      accessToken,
      liveChatId: chat.liveChatId,
      pageToken: pages.at(-1)!.nextPageToken,
    })) {
      resumed.push(...page.messages.map((m) => m.text));
    }
    expect(resumed).toEqual(['after the close']);
  });

  it('reports deletions and the chat end through the stream, then refuses an ended chat', async () => {
    await sandbox.console('PUT', '/settings', { youtubeStreamIdleMs: 5000 });
    const chat = await startChat();
    const hello = await chat.post('hello');
    const pages: YouTubeChatPage[] = [];
    for await (const page of api.streamChatMessages({ accessToken, liveChatId: chat.liveChatId })) {
      pages.push(page);
      if (pages.length === 1)
        await sandbox.console('DELETE', `/streams/${chat.id}/messages/${hello.body.id}`);
      if (pages.length === 2) await sandbox.console('POST', `/streams/${chat.id}/end`);
    }
    expect(pages[1]!.deletedMessageIds).toEqual([hello.body.id]);
    expect(pages.at(-1)!.chatEnded).toBe(true);
    const again = await (async () => {
      for await (const _ of api.streamChatMessages({
        accessToken,
        liveChatId: chat.liveChatId,
        pageToken: pages.at(-1)!.nextPageToken,
      }));
    })().catch((e: unknown) => e);
    expect(isLiveAdapterError(again, 'chatEnded')).toBe(true);
  });

  it('sends an error element after the 200 in errorElement mode, and 404 when the endpoint is off', async () => {
    const chat = await startChat();
    await chat.post('one');
    try {
      await sandbox.console('PUT', '/settings', { youtubeStreamMode: 'errorElement' });
      const seen: string[] = [];
      const error = await (async () => {
        for await (const page of api.streamChatMessages({ accessToken, liveChatId: chat.liveChatId })) {
          seen.push(...page.messages.map((m) => m.text));
        }
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['one']);
      expect(isLiveAdapterError(error, 'unavailable')).toBe(true);

      await sandbox.console('PUT', '/settings', { youtubeStreamMode: 'off' });
      const off = await (async () => {
        for await (const _ of api.streamChatMessages({ accessToken, liveChatId: chat.liveChatId }));
      })().catch((e: unknown) => e);
      expect(isLiveAdapterError(off, 'notFound')).toBe(true);
    } finally {
      await sandbox.console('PUT', '/settings', { youtubeStreamMode: 'on' });
    }
  });

  it('refuses a bad page token and an unknown chat before streaming, like list', async () => {
    const chat = await startChat();
    const bad = await (async () => {
      for await (const _ of api.streamChatMessages({
        accessToken,
        liveChatId: chat.liveChatId,
        pageToken: 'x',
      }));
    })().catch((e: unknown) => e);
    expect(isLiveAdapterError(bad, 'badRequest')).toBe(true);
    const unknown = await (async () => {
      for await (const _ of api.streamChatMessages({ accessToken, liveChatId: 'nope' }));
    })().catch((e: unknown) => e);
    expect(isLiveAdapterError(unknown, 'chatNotFound')).toBe(true);
  });
});
