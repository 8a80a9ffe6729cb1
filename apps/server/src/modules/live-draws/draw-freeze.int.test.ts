import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '@hanabi/draw';
import { WinnerList } from '@hanabi/api';
import { draw, drawEntrant, liveComment, liveStream } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { insertCampaign, insertComments, insertStream } from '../../test/live-entries.fixture.ts';
import { drawTestWorld, fixedBeacon, openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';
import { DrawEngine } from './draw.engine.ts';
import { DrawsRepository, toDrawSummary } from './draws.repository.ts';
import { PublicDrawService } from './public-draw.service.ts';

/*
 * Decision 0204: the freeze takes the comments the platform published at or before T, and waits (bounded) until
 * every chat of the campaign still being read has been read past T.
 */

const SECRET = '22'.repeat(32);
const WAIT_MS = 30_000;

describe.each(testBackends({ embedded: true }))('the freeze by publication time on %s', (backend) => {
  const world = drawTestWorld(backend, '2');
  const log = createLogger(testConfig());
  // T a minute ago: every comment inserted now is stored after T.
  const T = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
  const at = (ms: number) => new Date(T.getTime() + ms);

  function engine(clock: { now: Date }, rechecks: string[] = [], boundMs = WAIT_MS) {
    return new DrawEngine(
      world.database.db,
      {
        beacon: fixedBeacon(),
        secret: async () => ({ secret: SECRET, commitment: await commitmentOf(SECRET) }),
        clock: () => clock.now,
        ingestWait: { boundMs, recheck: async (drawId) => void rechecks.push(drawId) },
      },
      log,
    );
  }

  async function campaign() {
    const db = world.database.db;
    const campaignId = await insertCampaign(db, {
      streamerId: world.streamerId,
      goodsId: world.goodsId,
      winnerCount: 5,
      startsAt: at(-3_600_000),
      endsAt: at(3_600_000),
    });
    const youtube = await insertStream(db, { campaignId, platform: 'youtube' });
    const twitcasting = await insertStream(db, { campaignId, platform: 'twitcasting' });
    return { campaignId, youtube, twitcasting };
  }

  async function readThrough(streamId: string, instant: Date | null) {
    await world.database.db
      .update(liveStream)
      .set({ readThroughAt: instant })
      .where(eq(liveStream.id, streamId));
  }

  /** A comment published at `published` (the platform's clock) and stored at `stored` (this server's). */
  async function comment(streamId: string, author: string, published: Date, stored: Date) {
    const [id] = await insertComments(world.database.db, streamId, [{ author, publishedAt: published }]);
    await world.database.db.update(liveComment).set({ createdAt: stored }).where(eq(liveComment.id, id!));
  }

  async function frozenKeys(drawId: string): Promise<string[]> {
    const rows = await world.database.db
      .select({ key: drawEntrant.entrantKey })
      .from(drawEntrant)
      .where(eq(drawEntrant.drawId, drawId))
      .orderBy(drawEntrant.position);
    return rows.map((row) => row.key);
  }

  const request = (campaignId: string) =>
    ({ campaignId, count: 1, trigger: 'manual', requestedBy: null, platform: 'youtube' }) as const;

  it('counts a comment published before T but stored after it, and not one published after T but stored before the freeze', async () => {
    const c = await campaign();
    await comment(c.youtube.id, 'UCearly', at(-5000), at(-4000)); // published and stored before T
    await comment(c.youtube.id, 'UClate', at(-1000), at(8000)); // published before T, stored 8 s after it
    await comment(c.twitcasting.id, 'tcafter', at(2000), at(3000)); // published after T, stored before the freeze
    await readThrough(c.youtube.id, at(9000));
    await readThrough(c.twitcasting.id, at(9000));
    const clock = { now: T };
    const opened = await engine(clock).run(request(c.campaignId));
    // The chats are read past T already: it freezes at once.
    expect(opened.status).toBe('revealed');
    expect(opened.closedAt).toEqual(T);
    expect(await frozenKeys(opened.id)).toEqual(['youtube:UCearly', 'youtube:UClate']);
    expect(opened.ingestBehind).toEqual([]);
  });

  it('waits, without holding the caller, until every chat still read has been read past T, then freezes what arrived', async () => {
    const c = await campaign();
    // The YouTube chat is read for this campaign by another campaign's stream on it (one reader per chat).
    const other = await insertCampaign(world.database.db, {
      streamerId: world.streamerId,
      goodsId: world.goodsId,
    });
    const reader = await insertStream(world.database.db, {
      campaignId: other,
      platform: 'youtube',
      broadcastId: c.youtube.broadcastId,
    });
    await comment(c.youtube.id, 'UCfirst', at(-20_000), at(-19_000));
    await readThrough(reader.id, at(-3000));
    await readThrough(c.twitcasting.id, at(5000));
    const clock = { now: T };
    const rechecks: string[] = [];
    const drawing = engine(clock, rechecks);

    const waiting = await drawing.run(request(c.campaignId));
    expect(waiting).toMatchObject({ status: 'open', closedAt: T, frozenAt: null });
    expect(waiting.freezeDeadline).toEqual(at(WAIT_MS));
    expect(rechecks).toEqual([waiting.id]);
    expect(await frozenKeys(waiting.id)).toEqual([]);
    const [summary] = (await new DrawsRepository(world.database.db).draws(c.campaignId)).map(toDrawSummary);
    expect(summary!.freeze).toEqual({ waitUntil: at(WAIT_MS).toISOString(), frozenAt: null, behind: null });

    // A second look while the chat is still behind: still waiting, one more recheck booked.
    clock.now = at(2000);
    expect((await drawing.resume(waiting.id)).status).toBe('open');
    expect(rechecks).toHaveLength(2);

    // The comment a viewer wrote a second before T arrives with the read that passes T.
    await comment(c.youtube.id, 'UCjustintime', at(-1000), at(3500));
    await readThrough(reader.id, at(3500));
    clock.now = at(4000);
    const done = await drawing.resume(waiting.id);
    expect(done).toMatchObject({ status: 'revealed', closedAt: T, frozenAt: at(4000), ingestBehind: [] });
    expect(await frozenKeys(done.id)).toEqual(['youtube:UCfirst', 'youtube:UCjustintime']);
    expect(rechecks).toHaveLength(2);
  });

  it('freezes at the bound and says which chats had not caught up and how far they had been read', async () => {
    const c = await campaign();
    await comment(c.youtube.id, 'UCone', at(-30_000), at(-29_000));
    await readThrough(c.youtube.id, at(-10_000));
    // A stream stopped by an error has no reader to wait for, but it is behind all the same.
    await world.database.db
      .update(liveStream)
      .set({ status: 'error' })
      .where(eq(liveStream.id, c.twitcasting.id));
    // An ended stream sees only what was stored up to its end: never behind, never waited for.
    const ended = await insertStream(world.database.db, { campaignId: c.campaignId, platform: 'youtube' });
    await world.database.db
      .update(liveStream)
      .set({ status: 'ended', endedAt: at(-50_000) })
      .where(eq(liveStream.id, ended.id));
    const clock = { now: T };
    const drawing = engine(clock);
    const waiting = await drawing.run(request(c.campaignId));
    expect(waiting.status).toBe('open');
    clock.now = at(WAIT_MS - 1);
    expect((await drawing.resume(waiting.id)).status).toBe('open');
    clock.now = at(WAIT_MS);
    const done = await drawing.resume(waiting.id);
    expect(done.status).toBe('revealed');
    expect(done.ingestBehind).toEqual([
      { platform: 'twitcasting', readThrough: null },
      { platform: 'youtube', readThrough: at(-10_000).toISOString() },
    ]);
    const shown = await new PublicDrawService(world.database.db, new DrawsRepository(world.database.db)).get(
      done.id,
    );
    expect(shown.freeze).toEqual({
      waitUntil: at(WAIT_MS).toISOString(),
      frozenAt: at(WAIT_MS).toISOString(),
      behind: done.ingestBehind,
    });
  });

  it('does not wait when no chat is being read any more, and a draw of 0 s bound freezes at once', async () => {
    const c = await campaign();
    await comment(c.youtube.id, 'UCsolo', at(-30_000), at(-29_000));
    await world.database.db
      .update(liveStream)
      .set({ status: 'ended', endedAt: at(-1000) })
      .where(and(eq(liveStream.campaignId, c.campaignId)));
    const rechecks: string[] = [];
    const done = await engine({ now: T }, rechecks).run(request(c.campaignId));
    expect(done).toMatchObject({ status: 'revealed', ingestBehind: [] });
    expect(rechecks).toEqual([]);

    const d = await campaign();
    await comment(d.youtube.id, 'UCsolo', at(-30_000), at(-29_000));
    const atOnce = await engine({ now: T }, rechecks, 0).run(request(d.campaignId));
    expect(atOnce.status).toBe('revealed');
    expect(atOnce.ingestBehind).toEqual([
      { platform: 'twitcasting', readThrough: null },
      { platform: 'youtube', readThrough: null },
    ]);
  });
});

describe.each(testBackends())('the freeze wait through the app on %s', (backend) => {
  let world: DrawWorld;
  beforeAll(async () => {
    world = await openDrawWorld(backend, { DRAW_INGEST_WAIT_SECONDS: '30' }, { workers: true });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('answers the draw request while it waits, and the draws.freeze job finishes it once the chats pass T', async () => {
    const db = world.ctx.container.database.db;
    const c = await world.campaign({ winnerCount: 1 });
    await insertComments(db, c.youtube.id, [
      { author: 'UCwaiting', publishedAt: new Date(Date.now() - 5000) },
    ]);
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}/winner`;
    const started = Date.now();
    const answered = await world.as(world.streamerId).call('POST', path, { campaignId: c.id, count: 1 });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [pending] = WinnerList.parse(answered.json()).draws;
    expect(pending).toMatchObject({ status: 'open', freeze: { frozenAt: null, behind: null } });
    const T = new Date(pending!.closedAt!);

    // Both chats are read past T: the job's next look freezes and reveals.
    await db
      .update(liveStream)
      .set({ readThroughAt: sql`${new Date(T.getTime() + 1000).toISOString()}::timestamptz` })
      .where(eq(liveStream.campaignId, c.id));
    let row = pending!;
    for (let i = 0; i < 60 && (row.status === 'open' || row.status === 'closed'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [stored] = await db.select().from(draw).where(eq(draw.id, pending!.id));
      row = { ...row, status: stored!.status };
    }
    expect(row.status).toBe('revealed');
    const list = await world.as(world.streamerId).call('GET', `${path}?campaignId=${c.id}`);
    const [revealed] = WinnerList.parse(list.json()).draws;
    expect(revealed!.freeze).toMatchObject({ behind: [] });
    expect(WinnerList.parse(list.json()).winners.map((w) => w.entrantKey)).toEqual(['youtube:UCwaiting']);
  });
});
