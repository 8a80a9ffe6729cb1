import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  authSession,
  authUser,
  authVerification,
  campaign,
  idempotencyRecord,
  liveComment,
} from '../../db/schema.ts';
import {
  insertCampaign,
  insertComments,
  insertGoods,
  insertStream,
  insertUser,
} from '../../test/live-entries.fixture.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { HousekeepingRepository } from './housekeeping.repository.ts';

async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testBackends({ embedded: true }))(
  'housekeeping job through the real queue on %s',
  (backend) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(backend, { workers: true });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const housekeeping = () => ctx.container.jobs.find((job) => job.name === 'housekeeping.prune')!;

    it('prunes expired rows (idempotency, sign-in links, sessions) and keeps live ones when a worker runs the job', async () => {
      const { db } = ctx.container.database;
      const now = new Date('2030-01-01T00:00:00Z');
      await db.insert(idempotencyRecord).values([
        {
          scope: 's',
          key: 'old-1',
          requestHash: 'h',
          responseStatus: 200,
          responseBody: {},
          expiresAt: new Date('2029-12-31T23:00:00Z'),
        },
        {
          scope: 's',
          key: 'old-2',
          requestHash: 'h',
          responseStatus: 200,
          responseBody: {},
          expiresAt: new Date('2029-06-01T00:00:00Z'),
        },
        {
          scope: 's',
          key: 'live',
          requestHash: 'h',
          responseStatus: 200,
          responseBody: {},
          expiresAt: new Date('2030-01-02T00:00:00Z'),
        },
      ]);
      await db.insert(authUser).values({ id: 'hk-user', name: 'h', email: 'hk@example.com' });
      await db.insert(authSession).values([
        { id: 's-old', token: 't-old', userId: 'hk-user', expiresAt: new Date('2029-12-31T00:00:00Z') },
        { id: 's-live', token: 't-live', userId: 'hk-user', expiresAt: new Date('2030-01-08T00:00:00Z') },
      ]);
      await db.insert(authVerification).values({
        id: 'v-old',
        identifier: 'magic-link:x',
        value: '{}',
        expiresAt: new Date('2029-12-31T23:50:00Z'),
      });
      const jobId = await ctx.container.queue.send(housekeeping(), { now: now.toISOString() });
      expect(jobId).toBeTruthy();

      const job = await waitFor(async () => {
        const found = await ctx.container.queue.getJob(housekeeping(), jobId!);
        return found?.state === 'completed' ? found : null;
      });
      expect(job.output).toEqual({
        idempotencyRecords: 2,
        authVerifications: 1,
        authSessions: 1,
        chatComments: 0,
      });
      expect((await db.select({ id: authSession.id }).from(authSession)).map((row) => row.id)).toEqual([
        's-live',
      ]);
      const left = await db.select({ key: idempotencyRecord.key }).from(idempotencyRecord);
      expect(left.map((row) => row.key)).toEqual(['live']);
    });

    it('removes the comments of a chat once no campaign reading it is left (they are stored once per chat)', async () => {
      const { db } = ctx.container.database;
      const streamerId = await insertUser(db, { type: 'streamer', name: 'Chat Streamer' });
      const goodsId = await insertGoods(db, streamerId);
      const first = await insertCampaign(db, { streamerId, goodsId });
      const second = await insertCampaign(db, { streamerId, goodsId });
      const stream = await insertStream(db, {
        campaignId: first,
        platform: 'youtube',
        broadcastId: 'hk-chat',
      });
      await insertStream(db, { campaignId: second, platform: 'youtube', broadcastId: 'hk-chat' });
      await insertComments(db, stream.id, [{ author: 'UC-a' }, { author: 'UC-b' }]);
      const repository = new HousekeepingRepository(db);
      const chat = () => db.select().from(liveComment).where(eq(liveComment.broadcastId, 'hk-chat'));

      await db.delete(campaign).where(eq(campaign.id, first));
      expect(await repository.deleteUnreadChatComments()).toBe(0);
      expect(await chat()).toHaveLength(2);
      await db.delete(campaign).where(eq(campaign.id, second));
      expect(await repository.deleteUnreadChatComments()).toBe(2);
      expect(await chat()).toEqual([]);
    });

    it('keeps its recurring schedule in the database', async () => {
      const schedules = await ctx.container.queue.schedules();
      expect(schedules.find((schedule) => schedule.name === 'housekeeping.prune')?.cron).toBe(
        ctx.config.housekeepingCron,
      );
    });

    it('refuses a payload that does not match the job schema before it is queued', async () => {
      await expect(ctx.container.queue.send(housekeeping(), { now: 'yesterday' } as never)).rejects.toThrow();
    });
  },
);
