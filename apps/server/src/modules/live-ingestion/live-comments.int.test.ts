import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentList, LiveStream } from '@hanabi/api';
import { eq } from 'drizzle-orm';
import { liveStream } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments, insertStream } from '../../test/live-entries.fixture.ts';
import { liveStreamer, pollNow, startLiveWorld, type LiveWorld } from './live-test-support.ts';

describe.each(testBackends())('comments and live events (%s)', (backend) => {
  let world: LiveWorld;
  const db = () => world.ctx.container.database.db;
  const get = (url: string, headers: Record<string, string> = {}) =>
    world.ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    world = await startLiveWorld(backend);
    await world.console('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
  });
  afterAll(() => world?.close());

  it('pages a stream newest first without gaps or repeats, with eligibility and totals', async () => {
    const streamer = await world.user('streamer');
    const campaignId = await world.campaign(streamer.userId, { rule: { keyword: 'win' } });
    const stream = await insertStream(db(), { campaignId, platform: 'youtube' });
    // Many comments share a millisecond: the keyset must still neither skip nor repeat any.
    const base = Date.now() - 60_000;
    await insertComments(
      db(),
      stream.id,
      Array.from({ length: 53 }, (_, i) => ({
        author: `UC${i % 9}`,
        text: i % 3 === 0 ? `win ${i}` : `hello ${i}`,
        publishedAt: new Date(base + Math.floor(i / 10) * 1000),
      })),
    );
    const path = `/api/liveStreaming/youtube/${stream.channelId}/${stream.broadcastId}/comment`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await get(
        `${path}?campaignId=${campaignId}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        streamer.headers,
      );
      expect(answer.statusCode).toBe(200);
      const page = answer.json<CommentList>();
      expect(page.total).toBe(53);
      seen.push(...page.list.map((c) => c.id));
      for (const comment of page.list) {
        expect(comment.eligible).toBe(comment.text.startsWith('win'));
        // A comment that misses the keyword says so; a matching one is its author's entry or a repeat.
        if (!comment.eligible) expect(comment.reason).toBe('keyword');
        else expect([null, 'duplicate']).toContain(comment.reason);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(8);
    expect(seen).toHaveLength(53);
    expect(new Set(seen).size).toBe(53);

    const newest = (
      await get(`${path}?campaignId=${campaignId}&limit=3`, streamer.headers)
    ).json<CommentList>();
    expect(newest.list.map((c) => c.publishedAt)).toEqual(
      [...newest.list.map((c) => c.publishedAt)].sort().reverse(),
    );
    expect(newest.list[0]!.publishedAt).toBe(new Date(base + 5000).toISOString());

    const eligible = (
      await get(`${path}?campaignId=${campaignId}&onlyEligible=true&limit=100`, streamer.headers)
    ).json<CommentList>();
    expect(eligible.total).toBe(18);
    expect(eligible.list.every((c) => c.eligible)).toBe(true);
    // Three authors (UC0, UC3, UC6) said the keyword: each entered once, with their first comment.
    expect(
      eligible.list
        .filter((c) => c.reason === null)
        .map((c) => c.authorPlatformId)
        .sort(),
    ).toEqual(['UC0', 'UC3', 'UC6']);
    expect(eligible.list.filter((c) => c.reason === 'duplicate')).toHaveLength(15);
  });

  it('refuses: signed out, viewers, another streamer, unknown stream or platform, bad query', async () => {
    const streamer = await world.user('streamer');
    const other = await world.user('streamer');
    const viewer = await world.user('audience');
    const campaignId = await world.campaign(streamer.userId);
    const stream = await insertStream(db(), { campaignId, platform: 'twitcasting' });
    const path = (platform: string, a = stream.channelId, b = stream.broadcastId) =>
      `/api/liveStreaming/${platform}/${a}/${b}/comment?campaignId=${campaignId}`;
    expect((await get(path('twitcasting'), streamer.headers)).statusCode).toBe(200);
    expect((await get(path('twitcasting'))).statusCode).toBe(401);
    expect((await get(path('twitcasting'), viewer.headers)).statusCode).toBe(403);
    expect((await get(path('twitcasting'), other.headers)).statusCode).toBe(404);
    expect((await get(path('youtube'), streamer.headers)).statusCode).toBe(404);
    expect((await get(path('twitcasting', 'nope'), streamer.headers)).statusCode).toBe(404);
    expect((await get(path('twitcasting', stream.channelId, 'nope'), streamer.headers)).statusCode).toBe(404);
    const otherCampaign = await world.campaign(streamer.userId);
    expect(
      (
        await get(
          `/api/liveStreaming/twitcasting/${stream.channelId}/${stream.broadcastId}/comment?campaignId=${otherCampaign}`,
          streamer.headers,
        )
      ).statusCode,
    ).toBe(404);
    for (const query of ['&cursor=not-a-cursor', '&limit=0', '&limit=x', '&onlyEligible=maybe']) {
      expect((await get(`${path('twitcasting')}${query}`, streamer.headers)).statusCode, query).toBe(400);
    }
    const noCampaign = `/api/liveStreaming/twitcasting/${stream.channelId}/${stream.broadcastId}/comment`;
    expect((await get(noCampaign, streamer.headers)).statusCode).toBe(400);
  });

  it('streams live events: hello, the current streams, then comments as the worker stores them', async () => {
    const yt = await liveStreamer(world, 'youtube', 'Hanabi Streamer');
    const campaignId = await world.campaign(yt.userId);
    const draft = await world.campaign(yt.userId, { status: 'draft' });
    expect((await fetch(`${world.origin}/api/liveStreaming/${draft}/events`)).status).toBe(404);
    expect((await fetch(`${world.origin}/api/liveStreaming/nope/events`)).status).toBe(404);

    const started = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/liveStreaming/${campaignId}/stream`,
      headers: yt.headers,
      payload: { platform: 'youtube' },
    });
    const stream = started.json<LiveStream>();

    const abort = new AbortController();
    // Public: no session needed (an OBS browser source opens it).
    const response = await fetch(`${world.origin}/api/liveStreaming/${campaignId}/events`, {
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" in: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before "${needle}": ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      await until(': hello');
      await until('event: stream');
      expect(text).toContain(JSON.stringify({ type: 'stream', liveStreamId: stream.id, status: 'live' }));

      await world.console('POST', `/streams/${yt.sandboxStreamId}/messages`, {
        authorName: 'Viewer Aoi',
        text: 'hi',
      });
      await world.console('POST', `/streams/${yt.sandboxStreamId}/messages`, {
        authorName: 'Viewer Ren',
        text: 'yo',
      });
      expect((await pollNow(world, stream.id)).added).toBe(2);
      await until('event: comments');
      const line = text.split('\n').find((l) => l.startsWith('data: {"type":"comments"'))!;
      expect(JSON.parse(line.slice('data: '.length))).toEqual({
        type: 'comments',
        liveStreamId: stream.id,
        added: 2,
        entrantCount: 2,
      });

      await world.ctx.app.inject({
        method: 'DELETE',
        url: `/api/liveStreaming/${campaignId}/stream?platform=youtube`,
        headers: yt.headers,
      });
      await until('"status":"ended"');
    } finally {
      abort.abort();
      await reader.cancel().catch(() => undefined);
    }
  });
});

describe('the live.poll job loop in a worker (pglite)', () => {
  let world: LiveWorld;
  beforeAll(async () => {
    world = await startLiveWorld('pglite', { workers: true });
    await world.console('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
  });
  afterAll(() => world?.close());

  it('reads the chat on its own after start, and stops when the chat ends', { timeout: 60_000 }, async () => {
    const yt = await liveStreamer(world, 'youtube', 'Hanabi Streamer');
    const campaignId = await world.campaign(yt.userId);
    const started = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/liveStreaming/${campaignId}/stream`,
      headers: yt.headers,
      payload: { platform: 'youtube' },
    });
    const stream = started.json<LiveStream>();
    for (let i = 0; i < 5; i += 1) {
      await world.console('POST', `/streams/${yt.sandboxStreamId}/messages`, {
        authorName: 'Viewer Aoi',
        text: `m${i}`,
      });
    }
    const path = `/api/liveStreaming/youtube/${yt.channelId}/${yt.sandboxStreamId}/comment?campaignId=${campaignId}`;
    const total = async () =>
      (await world.ctx.app.inject({ method: 'GET', url: path, headers: yt.headers })).json<CommentList>()
        .total;
    const deadline = Date.now() + 30_000;
    while ((await total()) < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await total()).toBe(5);

    await world.console('POST', `/streams/${yt.sandboxStreamId}/end`);
    const ended = async () => {
      const answer = await world.ctx.app.inject({
        method: 'DELETE',
        url: `/api/liveStreaming/${campaignId}/stream?platform=youtube`,
        headers: yt.headers,
      });
      return answer.json<LiveStream>();
    };
    const until = Date.now() + 30_000;
    // Stopping an ended stream changes nothing and answers it as it is.
    while (Date.now() < until) {
      const [row] = await world.ctx.container.database.db
        .select()
        .from(liveStream)
        .where(eq(liveStream.id, stream.id));
      if (row!.status === 'ended') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await ended()).status).toBe('ended');
  });
});
