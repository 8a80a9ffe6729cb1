import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrawSchedule } from '@hanabi/api';
import { draw, drawSchedule, winner } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { CampaignAccess } from './campaign-access.ts';
import { DrawEngine } from './draw.engine.ts';
import { DrawScheduleService } from './draw-schedule.service.ts';
import { DrawsRepository } from './draws.repository.ts';
import { fixedBeacon, openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

const MINUTE = 60_000;

describe.each(testBackends())('draw schedules on %s', (backend) => {
  let world: DrawWorld;

  beforeAll(async () => {
    world = await openDrawWorld(backend);
  });
  afterAll(async () => {
    await world?.close();
  });

  /** The job's service with a clock the test moves (the container's runs on real time). */
  function schedulesAt(clock: () => Date) {
    const db = world.ctx.container.database.db;
    const repository = new DrawsRepository(db);
    const engine = new DrawEngine(db, { beacon: fixedBeacon(), clock }, world.ctx.container.log);
    return new DrawScheduleService(
      db,
      new CampaignAccess(db, world.ctx.container.repositories.liveStreams),
      repository,
      engine,
      world.ctx.container.log,
      clock,
    );
  }

  async function withComments(options: Parameters<DrawWorld['campaign']>[0]) {
    const c = await world.campaign(options);
    await insertComments(
      world.ctx.container.database.db,
      c.youtube.id,
      Array.from({ length: 10 }, (_, i) => ({ author: `UC${i}` })),
    );
    return { ...c, path: `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}` };
  }

  it('refuses manual campaigns (422) and others’ campaigns (404)', async () => {
    const c = await withComments({ drawMode: 'manual' });
    const call = world.as(world.streamerId).call('POST', `${c.path}/scheduleWinner`, { campaignId: c.id });
    expect((await call).statusCode).toBe(422);
    const other = world
      .as(world.otherStreamerId)
      .call('POST', `${c.path}/scheduleWinner`, { campaignId: c.id });
    expect((await other).statusCode).toBe(404);
  });

  it('every N minutes: one winner a round, each due round once even with two job runs, until all are drawn', async () => {
    const c = await withComments({ drawMode: 'everyNMinutes', drawIntervalMinutes: 5, winnerCount: 2 });
    const started = await world
      .as(world.streamerId)
      .call('POST', `${c.path}/scheduleWinner`, { campaignId: c.id });
    expect(started.statusCode, started.body).toBe(200);
    const schedule = DrawSchedule.parse(started.json());
    expect(schedule).toMatchObject({ active: true, intervalMinutes: 5 });

    const db = world.ctx.container.database.db;
    const count = async () => (await db.select().from(winner).where(eq(winner.campaignId, c.id))).length;
    let now = Date.now();
    const service = schedulesAt(() => new Date(now));
    await service.runDue();
    expect(await count()).toBe(0); // not due yet

    now += 5 * MINUTE + 1000;
    await Promise.all([service.runDue(), schedulesAt(() => new Date(now)).runDue()]);
    expect(await count()).toBe(1);
    const draws = await db.select().from(draw).where(eq(draw.campaignId, c.id));
    expect(draws.map((row) => [row.trigger, row.status, row.winnerCount])).toEqual([
      ['schedule', 'revealed', 1],
    ]);

    now += 5 * MINUTE + 1000;
    await Promise.all([service.runDue(), schedulesAt(() => new Date(now)).runDue()]);
    expect(await count()).toBe(2);
    const [row] = await db.select().from(drawSchedule).where(eq(drawSchedule.campaignId, c.id));
    expect(row!.active).toBe(false); // winnerCount reached

    now += 5 * MINUTE + 1000;
    await service.runDue();
    expect(await count()).toBe(2);
  });

  it('at the end: one draw of all remaining; DELETE stops a schedule', async () => {
    const endsAt = new Date(Date.now() + 30 * MINUTE);
    const c = await withComments({ drawMode: 'atEnd', winnerCount: 3, endsAt });
    const started = DrawSchedule.parse(
      (
        await world.as(world.streamerId).call('POST', `${c.path}/scheduleWinner`, { campaignId: c.id })
      ).json(),
    );
    expect(started).toMatchObject({ active: true, intervalMinutes: null, nextRunAt: endsAt.toISOString() });
    await schedulesAt(() => new Date(endsAt.getTime() + 1000)).runDue();
    const db = world.ctx.container.database.db;
    const [only] = await db.select().from(draw).where(eq(draw.campaignId, c.id));
    expect(only).toMatchObject({ trigger: 'atEnd', status: 'revealed', winnerCount: 3 });

    const other = await withComments({ drawMode: 'everyNMinutes', drawIntervalMinutes: 1 });
    await world.as(world.streamerId).call('POST', `${other.path}/scheduleWinner`, { campaignId: other.id });
    const stopped = await world
      .as(world.streamerId)
      .call('DELETE', `${other.path}/scheduleWinner?campaignId=${other.id}`);
    expect(stopped.statusCode).toBe(200);
    expect(DrawSchedule.parse(stopped.json()).active).toBe(false);
    await schedulesAt(() => new Date(Date.now() + 10 * MINUTE)).runDue();
    expect(await db.select().from(draw).where(eq(draw.campaignId, other.id))).toEqual([]);
  });
});
