import { describe, expect, it } from 'vitest';
import {
  LiveAdapterError,
  type ChatMessage,
  type ChatReadContext,
  type ChatReadPage,
} from '../live-chat/index.ts';
import { STREAM_RETRY_MS, YouTubeChatRead } from './youtube-chat-read.ts';
import type { YouTubeApi, YouTubeApiOptions, YouTubeChatPage } from './youtube.adapter.ts';

const now = new Date('2026-03-10T12:00:00Z');

const message = (id: string): ChatMessage => ({
  platform: 'youtube',
  id,
  kind: 'text',
  platformType: 'textMessageEvent',
  author: {
    id: 'UCviewer',
    displayName: 'viewer',
    imageUrl: null,
    screenId: null,
    isMember: false,
    isModerator: false,
    isOwner: false,
  },
  text: 'hi',
  publishedAt: now,
  superChat: null,
});

const page = (token: string, ids: string[], ended = false): YouTubeChatPage => ({
  messages: ids.map(message),
  deletedMessageIds: [],
  bannedChannelIds: [],
  nextPageToken: token,
  pollingIntervalMillis: 2000,
  offlineAt: null,
  chatEnded: ended,
});

/** A client whose stream yields `streamed` (or throws `streamError`) and whose `list` answers `listed`. */
function fakeYouTube(options: {
  streamed?: YouTubeChatPage[];
  streamError?: Error;
  listed?: YouTubeChatPage;
}) {
  const calls: string[] = [];
  const youtubeFor = (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) =>
    ({
      listChatMessages: async (input: { pageToken?: string | null }) => {
        calls.push(`list ${input.pageToken}`);
        onQuota(5, 'liveChatMessages.list');
        return options.listed!;
      },
      async *streamChatMessages(input: { pageToken?: string | null; signal?: AbortSignal }) {
        calls.push(`stream ${input.pageToken}`);
        onQuota(5, 'liveChatMessages.stream');
        if (options.streamError) throw options.streamError;
        for (const streamed of options.streamed ?? []) {
          if (input.signal?.aborted) return;
          yield streamed;
        }
      },
    }) as unknown as YouTubeApi;
  return { youtubeFor, calls };
}

function context(overrides: Partial<ChatReadContext> = {}) {
  const emitted: ChatReadPage[] = [];
  let charged = 0;
  const ctx: ChatReadContext = {
    stream: { id: 's1', channelId: 'UCme', broadcastId: 'v1', liveChatId: 'chat-1', cursor: 'T0' },
    state: { entrants: { count: 1 } },
    now,
    clock: () => now,
    until: now.getTime() + 60_000,
    withAccessToken: (call) => call('token'),
    charge: (units) => {
      charged += units;
    },
    spreadMs: 0,
    emit: async (emittedPage) => {
      emitted.push(emittedPage);
      return true;
    },
    renew: async () => true,
    timing: { leaseMs: 20_000, quietMs: 1000, intervalMs: 3000, liveCheckMs: 30_000, readBudgetMs: 10_000 },
    log: { warn: () => undefined, debug: () => undefined } as unknown as ChatReadContext['log'],
    ...overrides,
  };
  return { ctx, emitted, charged: () => charged };
}

describe("YouTube's chat reader", () => {
  it('emits each streamed page as it comes and, after the idle close, books the reconnect from the last token', async () => {
    const { youtubeFor, calls } = fakeYouTube({ streamed: [page('T1', ['a', 'b']), page('T2', ['c'])] });
    const { ctx, emitted, charged } = context({ spreadMs: 7000 });
    const result = await new YouTubeChatRead(youtubeFor, 'stream').read(ctx);

    expect(calls).toEqual(['stream T0']);
    expect(emitted.map((p) => [p.cursor, p.messages.map((m) => m.id)])).toEqual([
      ['T1', ['a', 'b']],
      ['T2', ['c']],
    ]);
    // A pushed page holds what Google had sent a moment before it arrived (decision 0204).
    expect(emitted[0]!.readThroughAt).toEqual(new Date(now.getTime() - 1000));
    expect(emitted[0]!.state).toMatchObject({ transport: 'stream', entrants: { count: 1 } });
    expect(result).toMatchObject({ ok: true, cursor: 'T2', status: 'live', messages: [] });
    if (!result.ok) throw new Error('read failed');
    // The quota spread holds the reconnect back.
    expect(result.nextPollAt).toEqual(new Date(now.getTime() + 7000));
    expect(result.state).toMatchObject({ notBefore: now.getTime() + 7000 });
    expect(charged()).toBe(5);
  });

  it('closes the stream after the first page once `until` has passed, and when the lease is lost', async () => {
    const pages = [page('T1', ['a']), page('T2', ['b']), page('T3', ['c'])];
    const first = context({ until: 0 });
    await new YouTubeChatRead(fakeYouTube({ streamed: pages }).youtubeFor, 'stream').read(first.ctx);
    expect(first.emitted).toHaveLength(1);

    const lost = context({ emit: async () => false });
    const result = await new YouTubeChatRead(fakeYouTube({ streamed: pages }).youtubeFor, 'stream').read(
      lost.ctx,
    );
    expect(result).toMatchObject({ ok: true, cursor: 'T1' });
  });

  it('falls back to list when the stream endpoint fails, and keeps when to try streaming again', async () => {
    const { youtubeFor, calls } = fakeYouTube({
      streamError: new LiveAdapterError('retryable', 'youtube', 'unavailable', 'stream down'),
      listed: page('T1', ['a']),
    });
    const { ctx, charged } = context();
    const result = await new YouTubeChatRead(youtubeFor, 'stream').read(ctx);

    expect(calls).toEqual(['stream T0', 'list T0']);
    expect(result).toMatchObject({
      ok: true,
      cursor: 'T1',
      status: 'live',
      pollingIntervalMs: 2000,
      readThroughAt: now,
      nextPollAt: new Date(now.getTime() + 2000),
      state: {
        transport: 'list',
        streamRetryAt: now.getTime() + STREAM_RETRY_MS,
        notBefore: now.getTime() + 2000,
      },
    });
    expect(charged()).toBe(10);
  });

  it('answers a failure with the state it starts from, and ends with the chat', async () => {
    const refused = new LiveAdapterError('permanent', 'youtube', 'badRequest', 'bad page token');
    const failed = await new YouTubeChatRead(fakeYouTube({ streamError: refused }).youtubeFor, 'stream').read(
      context().ctx,
    );
    expect(failed).toEqual({ ok: false, error: refused, state: { entrants: { count: 1 } } });

    const ended = await new YouTubeChatRead(
      fakeYouTube({ listed: page('T9', [], true) }).youtubeFor,
      'list',
    ).read(context().ctx);
    expect(ended).toMatchObject({ ok: true, status: 'ended', endedAt: now, nextPollAt: null });

    const noChat = await new YouTubeChatRead(fakeYouTube({}).youtubeFor, 'list').read(
      context({ stream: { id: 's1', channelId: 'UCme', broadcastId: 'v1', liveChatId: null, cursor: null } })
        .ctx,
    );
    expect(noChat).toMatchObject({ ok: false, error: { reason: 'chatNotFound' } });
  });
});
