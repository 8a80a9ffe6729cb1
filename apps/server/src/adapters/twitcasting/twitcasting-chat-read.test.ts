import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatReadContext } from '../live-chat/index.ts';
import { TwitCastingChatRead } from './twitcasting-chat-read.ts';
import type { TwitCastingApi, TwitCastingCommentPage } from './twitcasting.adapter.ts';

const now = new Date('2026-03-10T12:00:00Z');

const message = (id: number): ChatMessage => ({
  platform: 'twitcasting',
  id: String(id),
  kind: 'text',
  platformType: 'comment',
  author: {
    id: '42',
    displayName: 'viewer',
    imageUrl: null,
    screenId: 'viewer',
    isMember: false,
    isModerator: false,
    isOwner: false,
  },
  text: 'hi',
  publishedAt: now,
  superChat: null,
});

/** Ids `from`…`to` as a page (oldest first), `mayHaveMore` when it is a full 50. */
const comments = (from: number, to: number, allCount: number, remaining = 50): TwitCastingCommentPage => {
  const messages = to >= from ? Array.from({ length: to - from + 1 }, (_, i) => message(from + i)) : [];
  return {
    messages,
    nextSliceId: messages.at(-1)?.id ?? null,
    allCount,
    mayHaveMore: messages.length === 50,
    rateLimit: { limit: 60, remaining, resetAt: new Date(now.getTime() + 40_000) },
  };
};

function fakeTwitCasting(answers: {
  first: TwitCastingCommentPage;
  byOffset?: TwitCastingCommentPage[];
  live?: boolean;
}) {
  const calls: string[] = [];
  const byOffset = [...(answers.byOffset ?? [])];
  const api = {
    listComments: async (input: { sliceId?: string | null; offset?: number }) => {
      calls.push(input.offset === undefined ? `newest` : `offset ${input.offset}`);
      return input.offset === undefined ? answers.first : byOffset.shift()!;
    },
    walkComments: async (input: { sliceId: string }) => {
      calls.push(`walk from ${input.sliceId}`);
      return { ...answers.first, pages: 1 };
    },
    currentLive: async () => {
      calls.push('current_live');
      return answers.live === false ? null : { id: 'm1' };
    },
  } as unknown as TwitCastingApi;
  return { api, calls };
}

function context(cursor: string | null, state: Record<string, unknown> = {}): ChatReadContext {
  return {
    stream: { id: 's1', channelId: '42', broadcastId: 'm1', liveChatId: null, cursor },
    state,
    now,
    clock: () => now,
    until: 0,
    withAccessToken: (call) => call('token'),
    charge: () => undefined,
    spreadMs: 0,
    emit: async () => true,
    renew: async () => true,
    timing: { leaseMs: 20_000, quietMs: 1000, intervalMs: 3000, liveCheckMs: 30_000, readBudgetMs: 10_000 },
    log: { warn: () => undefined, debug: () => undefined } as unknown as ChatReadContext['log'],
  };
}

describe("TwitCasting's chat reader", () => {
  it('reads on by slice from the stored cursor and, caught up, is read through the read’s start', async () => {
    const { api, calls } = fakeTwitCasting({ first: comments(11, 13, 13) });
    const result = await new TwitCastingChatRead(api).read(context('10', { allCount: 10, entrants: 1 }));
    expect(calls).toEqual(['walk from 10']);
    expect(result).toMatchObject({
      ok: true,
      cursor: '13',
      status: 'live',
      readThroughAt: now,
      pollingIntervalMs: 3000,
      nextPollAt: new Date(now.getTime() + 3000),
      state: { allCount: 13, entrants: 1, rateLimit: { remaining: 50 } },
    });
  });

  it('back-fills a gap by offset until it meets what was read, and reads again at once while a walk is unfinished', async () => {
    // all_count grew by 5 but only 2 arrived: 3 fell between two reads.
    const gap = fakeTwitCasting({ first: comments(14, 15, 15), byOffset: [comments(9, 15, 15)] });
    const filled = await new TwitCastingChatRead(gap.api).read(context('10', { allCount: 10 }));
    expect(gap.calls).toEqual(['walk from 10', 'offset 0']);
    expect(filled).toMatchObject({ ok: true, readThroughAt: now });
    if (!filled.ok) throw new Error('read failed');
    expect(filled.messages.map((m) => m.id)).toContain('12');

    // The first read: the newest 50, then the history by offset, stopped by a rate window with one call left.
    const first = fakeTwitCasting({ first: comments(51, 100, 100, 1) });
    const started = await new TwitCastingChatRead(first.api).read(context(null));
    expect(first.calls).toEqual(['newest']);
    expect(started).toMatchObject({
      ok: true,
      cursor: '100',
      state: { history: { offset: 50, allCount: 100, oldestId: '51' } },
    });
    if (!started.ok) throw new Error('read failed');
    expect(started.readThroughAt).toBeUndefined();
    expect(started.nextPollAt).toEqual(now);
  });

  it('asks current_live on a quiet chat and ends the stream when the broadcast is over', async () => {
    const { api, calls } = fakeTwitCasting({ first: comments(1, 0, 10), live: false });
    const result = await new TwitCastingChatRead(api).read(context('10', { allCount: 10, liveCheckedAt: 0 }));
    expect(calls).toEqual(['walk from 10', 'current_live']);
    expect(result).toMatchObject({ ok: true, status: 'ended', endedAt: now, nextPollAt: null, cursor: '10' });
  });
});
