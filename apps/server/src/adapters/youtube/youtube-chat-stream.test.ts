import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isLiveAdapterError } from '../live-chat/live-chat.types.ts';
import { readChatStream } from './youtube-chat-stream.ts';
import { YouTubeHttpApi } from './youtube-http.ts';
import type { YouTubeChatPage, YouTubeMethod } from './youtube.adapter.ts';

const item = (id: string, text: string) => ({
  kind: 'youtube#liveChatMessage',
  id,
  snippet: {
    type: 'textMessageEvent',
    authorChannelId: `UC-${id}`,
    publishedAt: '2026-11-26T10:00:00.123456+00:00',
    displayMessage: text,
    textMessageDetails: { messageText: text },
  },
  authorDetails: { channelId: `UC-${id}`, displayName: `名前 ${id}` },
});

const response = (token: string, ...items: unknown[]) => ({
  kind: 'youtube#liveChatMessageListResponse',
  nextPageToken: token,
  items,
});

const backendError = {
  error: {
    code: 503,
    message: 'The service is currently unavailable.',
    errors: [{ reason: 'backendError', domain: 'global' }],
  },
};

/** A body delivered in the given byte slices. */
function bodyOf(slices: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const slice of slices) controller.enqueue(slice);
      controller.close();
    },
  });
}

async function collect(stream: AsyncIterable<YouTubeChatPage>): Promise<YouTubeChatPage[]> {
  const pages: YouTubeChatPage[] = [];
  for await (const page of stream) pages.push(page);
  return pages;
}

// Two pages with multi-byte characters (3-byte kana, a 4-byte emoji) and an escaped quote, idle-closed.
const wire = `[${JSON.stringify(response('t1', item('a', 'こんにちは #prize'), item('b', 'say "hi" 🎆')))},\n${JSON.stringify(response('t2', item('c', 'third')))}`;
const bytes = new TextEncoder().encode(wire);

describe('readChatStream: the streamed JSON array, parsed as it arrives', () => {
  it('yields the same pages wherever the chunks are cut (every byte boundary, then every pair)', async () => {
    const expected = [
      ['t1', ['こんにちは #prize', 'say "hi" 🎆']],
      ['t2', ['third']],
    ];
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const pages = await collect(
        readChatStream(bodyOf([bytes.slice(0, cut), bytes.slice(cut)]), { idleMs: 1000 }),
      );
      expect(pages.map((p) => [p.nextPageToken, p.messages.map((m) => m.text)])).toEqual(expected);
    }
    const oneByteEach = [...bytes].map((b) => Uint8Array.of(b));
    const pages = await collect(readChatStream(bodyOf(oneByteEach), { idleMs: 1000 }));
    expect(pages.map((p) => p.nextPageToken)).toEqual(['t1', 't2']);
    expect(pages[0]!.messages[0]!.author.displayName).toBe('名前 a');
  });

  it('drops a half element cut off by an idle close: the resume token is the last whole page', async () => {
    const cutMidThird = bytes.slice(0, bytes.length - 12);
    const pages = await collect(readChatStream(bodyOf([cutMidThird]), { idleMs: 1000 }));
    expect(pages.map((p) => p.nextPageToken)).toEqual(['t1']);
  });

  it('throws an error element sent after the 200, after yielding the pages before it', async () => {
    const text = `[${JSON.stringify(response('t1', item('a', 'x')))},${JSON.stringify(backendError)}`;
    const seen: string[] = [];
    const error = await (async () => {
      for await (const page of readChatStream(bodyOf([new TextEncoder().encode(text)]), { idleMs: 1000 })) {
        seen.push(page.nextPageToken!);
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['t1']);
    expect(isLiveAdapterError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toContain('503 backendError');
  });

  it('maps a liveChatEnded element to chatEnded', async () => {
    const ended = {
      error: {
        code: 403,
        message: 'The live chat is no longer live.',
        errors: [{ reason: 'liveChatEnded', domain: 'youtube.liveChat' }],
      },
    };
    const error = await collect(
      readChatStream(bodyOf([new TextEncoder().encode(`[${JSON.stringify(ended)}`)]), { idleMs: 1000 }),
    ).catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'chatEnded')).toBe(true);
  });

  it('refuses a body that is not JSON as a retryable failure', async () => {
    const error = await collect(
      readChatStream(bodyOf([new TextEncoder().encode('[{"nextPageToken": nope}')]), { idleMs: 1000 }),
    ).catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'unavailable')).toBe(true);
  });

  it('gives up on a connection that goes silent without closing', async () => {
    const silent = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`[${JSON.stringify(response('t1'))}`));
      },
    });
    const seen: (string | null)[] = [];
    const error = await (async () => {
      for await (const page of readChatStream(silent, { idleMs: 50 })) seen.push(page.nextPageToken);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['t1']);
    expect((error as Error).message).toContain('silent for 50 ms');
  });
});

describe('YouTubeHttpApi.streamChatMessages over a chunked HTTP response', () => {
  let server: http.Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Writes `slices` with a pause between them, as Google does when messages arrive one by one. */
  async function serve(status: number, slices: string[]): Promise<string> {
    server = http.createServer((req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      let i = 0;
      const next = () => {
        if (i === slices.length) return res.end();
        res.write(slices[i++]);
        setTimeout(next, 20);
      };
      next();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  function api(url: string, quota: [number, YouTubeMethod][]) {
    return new YouTubeHttpApi({
      clientId: 'c',
      clientSecret: 's',
      apiUrl: `${url}/youtube/v3`,
      authorizationUrl: `${url}/auth`,
      tokenUrl: `${url}/token`,
      onQuota: (units, method) => quota.push([units, method]),
    });
  }

  it('sends the token and page token, yields each element as it arrives, and counts one call', async () => {
    const first = JSON.stringify(response('t1', item('a', 'one')));
    const url = await serve(200, [
      '[',
      first.slice(0, 40),
      first.slice(40),
      `,${JSON.stringify(response('t2'))}`,
    ]);
    const quota: [number, YouTubeMethod][] = [];
    const pages = await collect(
      api(url, quota).streamChatMessages({ accessToken: 'ya29.x', liveChatId: 'chat-1', pageToken: 't0' }),
    );
    expect(pages.map((p) => p.nextPageToken)).toEqual(['t1', 't2']);
    expect(quota).toEqual([[5, 'liveChatMessages.stream']]);
  });

  it('maps a refusal before the stream starts like list errors', async () => {
    const body = {
      error: { code: 403, message: 'quota', errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] },
    };
    const url = await serve(403, [JSON.stringify(body)]);
    const error = await collect(
      api(url, []).streamChatMessages({ accessToken: 'ya29.x', liveChatId: 'chat-1' }),
    ).catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'quotaExceeded')).toBe(true);
  });

  it('ends quietly when the caller aborts mid-stream', async () => {
    const url = await serve(200, ['[', JSON.stringify(response('t1')), ',', ' ', ' ', ' ', ' ', ' ']);
    const stop = new AbortController();
    const seen: (string | null)[] = [];
    for await (const page of api(url, []).streamChatMessages({
      accessToken: 'ya29.x',
      liveChatId: 'chat-1',
      signal: stop.signal,
    })) {
      seen.push(page.nextPageToken);
      stop.abort();
    }
    expect(seen).toEqual(['t1']);
  });
});
