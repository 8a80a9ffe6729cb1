import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '@hanabi/draw';
import { WinnerList } from '@hanabi/api';
import { draw, winner, winnerChange } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { insertCampaign, insertStream } from '../../test/live-entries.fixture.ts';
import { drawTestWorld, fixedBeacon, openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';
import { DrawEngine } from './draw.engine.ts';

/*
 * One draw per intent (decision 0200): the draw and the exclusion routes honour Idempotency-Key, and a draw of
 * a campaign still running refuses another, on every backend the tests run on.
 */

const authors = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ author: `${prefix}${i}`, name: `${prefix}-name-${i}` }));

describe.each(testBackends())('one draw per intent over HTTP on %s', (backend) => {
  let world: DrawWorld;
  const streamer = () => world.as(world.streamerId);

  beforeAll(async () => {
    world = await openDrawWorld(backend);
  });
  afterAll(async () => {
    await world?.close();
  });

  async function campaignWithEntrants(winnerCount: number) {
    const c = await world.campaign({ winnerCount });
    await insertComments(world.ctx.container.database.db, c.youtube.id, authors(`UI${winnerCount}`, 20));
    return { ...c, path: `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}` };
  }

  const drawsOf = (campaignId: string) =>
    world.ctx.container.database.db.select().from(draw).where(eq(draw.campaignId, campaignId));

  it('three identical draw requests at once under one key make one draw, and all answer it', async () => {
    const c = await campaignWithEntrants(3);
    const headers = { 'idempotency-key': 'draw-intent-1' };
    const body = { campaignId: c.id, count: 1 };
    const answers = await Promise.all(
      [1, 2, 3].map(() => streamer().call('POST', `${c.path}/winner`, body, headers)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const draws = await drawsOf(c.id);
    expect(draws).toHaveLength(1);
    expect(WinnerList.parse(answers[0]!.json())).toMatchObject({
      remaining: 2,
      draws: [{ id: draws[0]!.id }],
    });

    // Later, the same key still answers that draw and draws nothing; another body under it is refused.
    const again = await streamer().call('POST', `${c.path}/winner`, body, headers);
    expect(again.statusCode).toBe(201);
    expect(WinnerList.parse(again.json()).remaining).toBe(2);
    const other = await streamer().call('POST', `${c.path}/winner`, { campaignId: c.id, count: 2 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.details[0].field).toBe('headers.idempotency-key');
    expect(await drawsOf(c.id)).toHaveLength(1);
    // A new intent (a new key) draws again.
    const next = await streamer().call('POST', `${c.path}/winner`, body, {
      'idempotency-key': 'draw-intent-2',
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(await drawsOf(c.id)).toHaveLength(2);
  });

  it('draws without a key never overlap: each one opens after the previous one finished', async () => {
    const c = await campaignWithEntrants(3);
    const answers = await Promise.all(
      [1, 2, 3].map(() => streamer().call('POST', `${c.path}/winner`, { campaignId: c.id, count: 1 })),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const draws = (await drawsOf(c.id)).sort((a, b) => a.round - b.round);
    expect(draws.length).toBe(answers.filter((answer) => answer.statusCode === 201).length);
    for (let i = 1; i < draws.length; i++) {
      expect(draws[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(draws[i - 1]!.revealedAt!.getTime());
    }
  });

  it('an exclusion sent three times at once under one key excludes once and re-draws once', async () => {
    const c = await campaignWithEntrants(2);
    const drawn = await streamer().call('POST', `${c.path}/winner`, { campaignId: c.id, count: 2 });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const target = WinnerList.parse(drawn.json()).winners[0]!;
    const body = {
      campaignId: c.id,
      winners: [
        { id: target.id, excluded: true, reasonCode: 'duplicateAccount', reason: 'same person twice' },
      ],
    };
    const headers = { 'idempotency-key': 'exclude-intent-1' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => streamer().call('PUT', `${c.path}/winner`, body, headers)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const db = world.ctx.container.database.db;
    const changes = await db.select().from(winnerChange).where(eq(winnerChange.campaignId, c.id));
    expect(changes.map((change) => change.action).sort()).toEqual(['exclude', 'redraw']);
    const draws = await drawsOf(c.id);
    expect(draws.filter((row) => row.redrawOf === target.drawId)).toHaveLength(1);
    const [excluded] = await db.select().from(winner).where(eq(winner.id, target.id));
    expect(excluded).toMatchObject({
      status: 'excluded',
      excludedReasonCode: 'duplicateAccount',
      excludedReason: 'same person twice',
      replacedBy: draws.find((row) => row.redrawOf === target.drawId)!.id,
    });
    const changed = await streamer().call(
      'PUT',
      `${c.path}/winner`,
      { ...body, winners: [{ ...body.winners[0]!, reason: 'another reason' }] },
      headers,
    );
    expect(changed.statusCode).toBe(422);
  });

  it('asks for words when the reason is "other", and refuses a reason outside the list', async () => {
    const c = await campaignWithEntrants(1);
    const drawn = WinnerList.parse(
      (await streamer().call('POST', `${c.path}/winner`, { campaignId: c.id })).json(),
    );
    const id = drawn.winners[0]!.id;
    const put = (item: object) =>
      streamer().call('PUT', `${c.path}/winner`, {
        campaignId: c.id,
        winners: [{ id, excluded: true, ...item }],
      });
    expect((await put({ reasonCode: 'other', reason: ' ' })).statusCode).toBe(400);
    expect((await put({ reasonCode: 'because', reason: 'x' })).statusCode).toBe(400);
    expect((await put({ reason: 'no code' })).statusCode).toBe(400);
    expect((await put({ reasonCode: 'declined' })).statusCode).toBe(200);
  });
});

describe.each(testBackends())('one draw at a time in the engine on %s', (backend) => {
  const world = drawTestWorld(backend, '7');
  const log = createLogger(testConfig());

  it('refuses draws asked while one waits for its beacon (409), and makes only that one', async () => {
    const { db } = world.database;
    const campaignId = await insertCampaign(db, {
      streamerId: world.streamerId,
      goodsId: world.goodsId,
      winnerCount: 3,
    });
    const stream = await insertStream(db, { campaignId, platform: 'youtube' });
    await insertComments(db, stream.id, authors('UE', 10));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = fixedBeacon();
    const held = {
      roundAfter: inner.roundAfter,
      value: async (round: { source: string; round: string }) => {
        await gate;
        return inner.value(round);
      },
    };
    const engine = new DrawEngine(
      db,
      {
        beacon: held,
        secret: async () => ({ secret: '22'.repeat(32), commitment: await commitmentOf('22'.repeat(32)) }),
      },
      log,
    );
    const request = { campaignId, count: 1, trigger: 'manual' as const, requestedBy: null, platform: null };
    const first = engine.run(request);
    // Wait until the first draw is closed and waiting for the beacon, then ask twice more.
    for (let i = 0; i < 200; i++) {
      const rows = await db.select().from(draw).where(eq(draw.campaignId, campaignId));
      if (rows[0]?.status === 'closed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const later = [engine.run(request), engine.run(request)];
    release();
    const [done, ...refused] = await Promise.allSettled([first, ...later]);
    expect(done).toMatchObject({ status: 'fulfilled', value: { status: 'revealed' } });
    for (const outcome of refused)
      expect(outcome).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    expect(await db.select().from(draw).where(eq(draw.campaignId, campaignId))).toHaveLength(1);
  });
});
