import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { LiveStream } from '@hanabi/api';
import { liveComment, liveStream, youtubeQuotaLedger } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { testBackends } from '../../test/test-context.ts';
import { countEntrants } from '../live-entries/entrants.sql.ts';
import { LiveStreamRepository } from './live-stream.repository.ts';
import { liveStreamer, pollNow, readChat, startLiveWorld, type LiveWorld } from './live-test-support.ts';

interface SandboxSettings {
  youtubeQuotaUsed: number;
}

describe.each(testBackends())('one reader per live chat, streamed, with a shared quota (%s)', (backend) => {
  let world: LiveWorld;
  let yt: Awaited<ReturnType<typeof liveStreamer>>;
  const db = () => world.ctx.container.database.db;
  const services = () => world.ctx.container.services;
  /**
   * Each test on a broadcast of its own (the sandbox ends the streamer's previous one), at a quiet project pace:
   * the calls of earlier tests would otherwise make the ledger spread reads over the rest of the Pacific day
   * (decision 0161), holding this test's polls for minutes early in that day.
   */
  const freshBroadcast = async () => {
    await db().update(youtubeQuotaLedger).set({ recentUnits: 0 });
    yt.sandboxStreamId = (
      await world.console<{ id: string }>('POST', '/streams', { platform: 'youtube', ownerId: yt.channelId })
    ).body.id;
  };
  const start = async (campaignId: string) => {
    const answer = await readChat(world, 'POST', campaignId, 'youtube', yt.headers);
    expect(answer.statusCode).toBe(201);
    return answer.json<LiveStream>();
  };
  const post = (text: string, authorName = 'Viewer Aoi') =>
    world.console<{ id: string }>('POST', `/streams/${yt.sandboxStreamId}/messages`, { authorName, text });
  const texts = async (streamId: string) =>
    (
      await db()
        .select({ text: liveComment.text })
        .from(liveComment)
        .where(commentOfStream(streamId))
        .orderBy(asc(liveComment.publishedAt))
    ).map((row) => row.text);
  const row = async (id: string) => (await db().select().from(liveStream).where(eq(liveStream.id, id)))[0]!;
  const sandboxQuota = async () =>
    (await world.console<{ settings: SandboxSettings }>('GET', '/state')).body.settings.youtubeQuotaUsed;
  const entrants = async (campaignId: string) => {
    const campaign = await new LiveStreamRepository(db()).campaign(campaignId);
    return (await countEntrants(db(), campaign!, new Date())).total;
  };

  beforeAll(async () => {
    world = await startLiveWorld(backend);
    yt = await liveStreamer(world, 'youtube', 'Hanabi Streamer');
  });
  afterAll(() => world?.close());

  it('reads a chat two campaigns draw from once: both store it, each applies its own rule, quota counted once', async () => {
    const wins = await world.campaign(yt.userId, { rule: { keyword: 'win' } });
    const hellos = await world.campaign(yt.userId, { rule: { keyword: 'hello' } });
    const a = await start(wins);
    const b = await start(hellos);
    await post('win please');
    await post('hello there', 'Viewer Ren');
    await post('win and hello', 'Viewer Mio');

    const before = await services().youtubeQuota.today(new Date());
    const sandboxBefore = await sandboxQuota();
    // Both streams are due; the first claim reads for both, the second finds the chat taken.
    const [first, second] = await Promise.all([pollNow(world, a.id), pollNow(world, b.id)]);
    expect([first.polled, second.polled].sort()).toEqual([false, true]);
    expect(await texts(a.id)).toEqual(['win please', 'hello there', 'win and hello']);
    expect(await texts(b.id)).toEqual(['win please', 'hello there', 'win and hello']);
    expect(await entrants(wins)).toBe(2);
    expect(await entrants(hellos)).toBe(2);
    // One call went out: Google charged 5 units, and the project ledger says the same, once.
    expect((await sandboxQuota()) - sandboxBefore).toBe(5);
    expect((await services().youtubeQuota.today(new Date())).used - before.used).toBe(5);
    const rows = [await row(a.id), await row(b.id)];
    expect(rows.map((r) => r.quotaUsed).sort((x, y) => x - y)).toEqual([5, 10]); // start's look-up + one read
    // Both resume from the same token, whichever reads next.
    expect(rows[0]!.cursor).toBe(rows[1]!.cursor);

    // The other stream reads next time: nothing repeats in either.
    await post('win again', 'Viewer Ren');
    const reader = first.polled ? b : a;
    expect((await pollNow(world, reader.id)).added).toBe(1);
    expect(await texts(a.id)).toHaveLength(4);
    expect(await texts(b.id)).toHaveLength(4);
    expect(await entrants(wins)).toBe(3);

    // One campaign stops: the other reads on alone from the shared token.
    await readChat(world, 'DELETE', hellos, 'youtube', yt.headers);
    await post('last win', 'Viewer Aoi');
    expect((await pollNow(world, a.id)).added).toBe(1);
    expect(await texts(b.id)).toHaveLength(4);
  });

  it('stores each comment of the chat once for both campaigns; each counts its own entrants, and a deletion leaves both', async () => {
    await freshBroadcast();
    const wins = await world.campaign(yt.userId, { rule: { keyword: 'win' } });
    const hellos = await world.campaign(yt.userId, { rule: { keyword: 'hello' } });
    const a = await start(wins);
    const b = await start(hellos);
    await post('win please');
    const greeting = await post('hello there', 'Viewer Ren');
    await post('win and hello', 'Viewer Mio');
    expect((await pollNow(world, a.id)).polled).toBe(true);

    const { broadcastId } = await row(a.id);
    const chatRows = () =>
      db()
        .select({ messageId: liveComment.platformMessageId })
        .from(liveComment)
        .where(and(eq(liveComment.platform, 'youtube'), eq(liveComment.broadcastId, broadcastId)));
    // Three comments, three rows: not one copy per campaign.
    expect(await chatRows()).toHaveLength(3);
    expect(await texts(a.id)).toEqual(['win please', 'hello there', 'win and hello']);
    expect(await texts(b.id)).toEqual(await texts(a.id));
    expect(await entrants(wins)).toBe(2); // Aoi, Mio
    expect(await entrants(hellos)).toBe(2); // Ren, Mio
    // Each campaign's live page: the same comments, its own entrants.
    const overview = async (campaignId: string) =>
      (
        await world.ctx.app.inject({
          method: 'GET',
          url: `/api/liveStreaming/${campaignId}/overview`,
          headers: yt.headers,
        })
      )
        .json<{
          platforms: { platform: string; stream: Pick<LiveStream, 'commentCount' | 'entrantCount'> | null }[];
        }>()
        .platforms.find((p) => p.platform === 'youtube')!.stream;
    expect(await overview(wins)).toMatchObject({ commentCount: 3, entrantCount: 2 });
    expect(await overview(hellos)).toMatchObject({ commentCount: 3, entrantCount: 2 });

    // A deletion on the platform takes the comment out of both campaigns' pools at once.
    expect(
      (await world.console('DELETE', `/streams/${yt.sandboxStreamId}/messages/${greeting.body.id}`)).status,
    ).toBe(204);
    await pollNow(world, b.id);
    expect(await entrants(hellos)).toBe(1);
    expect(await entrants(wins)).toBe(2);

    // A campaign that stops reading keeps what was said while it read; later comments are the other's alone.
    await readChat(world, 'DELETE', hellos, 'youtube', yt.headers);
    await post('win hello late', 'Viewer Sora');
    expect((await pollNow(world, a.id)).added).toBe(1);
    expect(await chatRows()).toHaveLength(4);
    expect(await texts(a.id)).toHaveLength(4);
    expect(await texts(b.id)).toHaveLength(3);
    expect(await entrants(wins)).toBe(3);
    expect(await entrants(hellos)).toBe(1);
  });

  it('a reader that died holding the chat: once its lease runs out, the next one resumes from the token', async () => {
    await freshBroadcast();
    const id = await world.campaign(yt.userId);
    const stream = await start(id);
    await pollNow(world, stream.id);
    const stored = (await texts(stream.id)).length;
    const token = (await row(stream.id)).cursor;
    expect(token).toBeTruthy();
    // A worker claims the chat and is killed: its lease stays on the row until it runs out.
    expect(await new LiveStreamRepository(db()).claim(stream.id, 'killed-worker', 60_000)).not.toBeNull();
    expect((await services().livePoller.poll(stream.id)).polled).toBe(false);
    await post('after the crash');
    // Lease over (pollNow moves the clock past it): the next poll reads from the stored token, once.
    expect((await pollNow(world, stream.id)).added).toBe(1);
    expect(await texts(stream.id)).toHaveLength(stored + 1);
    expect((await row(stream.id)).cursor).not.toBe(token);
  });

  it('keeps one stream open for a run, reconnects after an idle close with the last token', async () => {
    await world.console('PUT', '/settings', { youtubeStreamIdleMs: 300 });
    try {
      await freshBroadcast();
      const id = await world.campaign(yt.userId);
      const stream = await start(id);
      await pollNow(world, stream.id);
      const base = (await texts(stream.id)).length;
      const spent = await sandboxQuota();
      await db()
        .update(liveStream)
        .set({ nextPollAt: new Date(Date.now() - 1000) })
        .where(eq(liveStream.id, stream.id));
      // Messages arrive while the stream is open; then the chat goes quiet and Google closes it.
      const reading = services().livePoller.poll(stream.id, { until: Date.now() + 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 150));
      await post('pushed one');
      await post('pushed two');
      const outcome = await reading;
      expect(outcome).toMatchObject({ polled: true, added: 2, status: 'live' });
      // Closed by the idle timeout, not by our deadline; the next connection may go out at once.
      expect(outcome.nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now() + 100);
      expect((await sandboxQuota()) - spent).toBe(5);
      await post('after the close');
      expect((await services().livePoller.poll(stream.id)).added).toBe(1);
      expect(await texts(stream.id)).toHaveLength(base + 3);
    } finally {
      await world.console('PUT', '/settings', { youtubeStreamIdleMs: 10_000 });
    }
  });

  it('writes for a campaign that starts reading the chat while the stream is open, from its next page on', async () => {
    await freshBroadcast();
    const first = await start(await world.campaign(yt.userId));
    await pollNow(world, first.id);
    await db()
      .update(liveStream)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(liveStream.id, first.id));
    const reading = services().livePoller.poll(first.id, { until: Date.now() + 3000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await post('before the second campaign');
    // A second campaign starts reading the same chat while the first one's stream is open.
    const second = await start(await world.campaign(yt.userId));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await post('after the second campaign joined');
    await reading;
    // Written for it by the open read, not left for a later claim whose cursor would already be past it.
    expect(await texts(second.id)).toContain('after the second campaign joined');
    expect(await texts(first.id)).toContain('after the second campaign joined');
  });

  it('falls back to list polling when the stream fails, and streams again later', async () => {
    await freshBroadcast();
    const id = await world.campaign(yt.userId);
    const stream = await start(id);
    await pollNow(world, stream.id);
    const base = (await texts(stream.id)).length;
    await world.console('PUT', '/settings', {
      youtubeStreamMode: 'errorElement',
      youtubePollingIntervalMillis: 0,
    });
    try {
      await post('while the stream fails');
      // A run that keeps the stream open: the error element after the history makes it fall back.
      await db()
        .update(liveStream)
        .set({ nextPollAt: new Date(Date.now() - 1000) })
        .where(eq(liveStream.id, stream.id));
      expect((await services().livePoller.poll(stream.id, { until: Date.now() + 5000 })).added).toBe(1);
      let state = await row(stream.id);
      expect(state.ingestState).toMatchObject({ transport: 'list' });
      expect(state.pollingIntervalMs).toBe(1000); // list: never faster than once a second
      expect(state.lastError).toBeNull();
      // Still polling with list until the retry time.
      await post('listed');
      expect((await pollNow(world, stream.id)).added).toBe(1);
      await world.console('PUT', '/settings', { youtubeStreamMode: 'on' });
      await db()
        .update(liveStream)
        .set({ ingestState: { ...state.ingestState, streamRetryAt: Date.now() - 1 } })
        .where(eq(liveStream.id, stream.id));
      await post('streamed again');
      expect((await pollNow(world, stream.id)).added).toBe(1);
      state = await row(stream.id);
      expect(state.ingestState).toMatchObject({ transport: 'stream' });
      expect(await texts(stream.id)).toHaveLength(base + 3);
    } finally {
      await world.console('PUT', '/settings', {
        youtubeStreamMode: 'on',
        youtubePollingIntervalMillis: 2000,
      });
    }
  });

  it('pauses every reader once the project has used its day, with words for the streamer', async () => {
    await freshBroadcast();
    const id = await world.campaign(yt.userId);
    const stream = await start(id);
    const ledger = services().youtubeQuota;
    const today = await ledger.today(new Date());
    await ledger.charge(today.left, new Date());
    const outcome = await pollNow(world, stream.id);
    expect(outcome.nextPollAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await row(stream.id)).lastError).toContain("Hanabi's YouTube quota for today is used up");
    expect((await ledger.today(new Date())).left).toBe(0);
  });
});
