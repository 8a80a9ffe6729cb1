import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import {
  insertCampaign,
  insertChainTx,
  insertDelivery,
  insertGoods,
  insertHeldClaim,
  insertUser,
} from './analytics.fixture.ts';

const at = (iso: string) => new Date(iso);
const RANGE = 'from=2025-01-01T00:00:00Z&to=2025-01-04T00:00:00Z';
const zero = { queued: 0, submitted: 0, confirmed: 0, failed: 0, cancelled: 0 };

/**
 * A small dataset in January 2025 (far from the users the sign-ins create "now"), with every figure of the
 * dashboard worked out by hand below, including rows just outside [from, to) that must not count.
 */
async function seed(ctx: TestContext): Promise<void> {
  const db = ctx.container.database.db;
  await insertUser(db, { type: 'streamer', createdAt: at('2025-01-01T05:00:00Z') });
  await insertUser(db, { type: 'streamer', createdAt: at('2025-01-02T23:30:00Z') });
  await insertUser(db, { type: 'audience', createdAt: at('2025-01-02T10:00:00Z') });
  await insertUser(db, { type: 'audience', createdAt: at('2025-01-02T11:00:00Z') });
  await insertUser(db, { type: 'audience', createdAt: at('2024-12-31T23:59:59Z') });
  await insertUser(db, { type: 'audience', createdAt: at('2025-01-04T00:00:00Z') });

  const streamerId = await insertUser(db, { type: 'streamer', createdAt: at('2020-01-01T00:00:00Z') });
  const goodsId = await insertGoods(db, streamerId);
  const campaign = (startsAt: string, endsAt: string, status: 'draft' | 'live' | 'ended' = 'ended') =>
    insertCampaign(db, { streamerId, goodsId, startsAt: at(startsAt), endsAt: at(endsAt), status });
  await campaign('2024-12-30T00:00:00Z', '2025-01-01T12:00:00Z'); // day 1
  await campaign('2025-01-02T00:00:00Z', '2025-01-03T00:00:00Z'); // day 2 only: it ends as day 3 begins
  await campaign('2024-12-01T00:00:00Z', '2025-02-01T00:00:00Z', 'live'); // every day
  await campaign('2025-01-01T00:00:00Z', '2025-01-05T00:00:00Z', 'draft'); // never: a draft
  await campaign('2025-01-05T00:00:00Z', '2025-01-06T00:00:00Z'); // after the range

  const delivered = await insertDelivery(db, { status: 'confirmed', createdAt: at('2025-01-01T01:00:00Z') });
  await insertDelivery(db, { status: 'confirmed', createdAt: at('2025-01-01T02:00:00Z') });
  const failed = await insertDelivery(db, { status: 'failed', createdAt: at('2025-01-01T03:00:00Z') });
  await insertDelivery(db, { status: 'queued', createdAt: at('2025-01-02T00:00:00Z') });
  await insertDelivery(db, { status: 'cancelled', createdAt: at('2025-01-03T12:00:00Z') });
  await insertDelivery(db, { status: 'submitted', createdAt: at('2025-01-03T23:59:59Z') });
  await insertDelivery(db, { status: 'confirmed', createdAt: at('2025-01-04T00:00:00Z') });

  await insertChainTx(db, { status: 'confirmed', gasUsed: 21_000n, finishedAt: at('2025-01-01T06:00:00Z') });
  await insertChainTx(db, { status: 'reverted', gasUsed: 50_000n, finishedAt: at('2025-01-03T06:00:00Z') });
  await insertChainTx(db, { status: 'broadcast', gasUsed: null, finishedAt: null });
  await insertChainTx(db, { status: 'confirmed', gasUsed: 99n, finishedAt: at('2024-12-31T06:00:00Z') });

  const claim = (
    platform: 'youtube' | 'twitcasting' | 'hanabi',
    status: 'held' | 'released' | 'cancelled',
    createdAt: string,
    releasedAt: string | null = null,
    deliveryId: string | null = null,
  ) =>
    insertHeldClaim(db, {
      goodsId,
      platform,
      status,
      createdAt: at(createdAt),
      releasedAt: releasedAt ? at(releasedAt) : null,
      deliveryId,
    });
  await claim('youtube', 'held', '2025-01-01T08:00:00Z');
  await claim('twitcasting', 'released', '2025-01-01T09:00:00Z', '2025-01-02T09:00:00Z', delivered);
  await claim('hanabi', 'released', '2025-01-02T09:00:00Z', '2025-01-03T09:00:00Z', failed);
  await claim('youtube', 'cancelled', '2025-01-02T10:00:00Z');
  await claim('youtube', 'released', '2024-12-20T00:00:00Z', '2025-01-02T12:00:00Z', delivered);
}

describe.each(testBackends())('analytics dashboard (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn;
  let streamer: SignedIn;
  let fan: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer');
    fan = await signUpByEmail(ctx, 'fan@example.com', 'audience');
    await seed(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const dashboard = async (query: string) => {
    const res = await callAs(ctx.app, boss, 'GET', `/api/admin/analytics/dashboard?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('is for operators only', async () => {
    const url = `/api/admin/analytics/dashboard?${RANGE}`;
    expect((await callAs(ctx.app, null, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(ctx.app, streamer, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(ctx.app, fan, 'GET', url)).statusCode).toBe(403);
  });

  it('refuses a bad range with 400 naming the field', async () => {
    const field = async (query: string) => {
      const res = await callAs(ctx.app, boss, 'GET', `/api/admin/analytics/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      return (res.json().error.details as { field: string }[]).map((detail) => detail.field);
    };
    expect(await field('from=2025-01-04T00:00:00Z&to=2025-01-04T00:00:00Z')).toEqual(['query.to']);
    expect(await field('from=2025-01-05T00:00:00Z&to=2025-01-04T00:00:00Z')).toEqual(['query.to']);
    expect(await field('from=2024-01-01T00:00:00Z&to=2025-02-05T00:00:00Z')).toEqual(['query.to']);
    expect(await field(`${RANGE}&interval=year`)).toEqual(['query.interval']);
    expect(await field(`${RANGE}&timeZone=Mars/Olympus`)).toEqual(['query.timeZone']);
    expect(await field('to=2025-01-04T00:00:00Z')).toEqual(['query.from']);
    expect(await field('from=yesterday&to=2025-01-04T00:00:00Z')).toEqual(['query.from']);
  });

  it('counts per day in UTC, with empty days, matching the hand-computed figures', async () => {
    const body = await dashboard(`${RANGE}&interval=day`);
    expect(body.range).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-04T00:00:00.000Z',
      interval: 'day',
      timeZone: 'UTC',
    });
    expect(body.series).toEqual([
      {
        bucket: '2025-01-01T00:00:00.000Z',
        signUpsStreamer: 1,
        signUpsAudience: 0,
        activeCampaigns: 2,
        deliveries: { ...zero, confirmed: 2, failed: 1 },
        gasUsed: '21000',
        heldClaimsCreated: 2,
        heldClaimsReleased: 0,
      },
      {
        bucket: '2025-01-02T00:00:00.000Z',
        signUpsStreamer: 1,
        signUpsAudience: 2,
        activeCampaigns: 2,
        deliveries: { ...zero, queued: 1 },
        gasUsed: '0',
        heldClaimsCreated: 2,
        heldClaimsReleased: 2,
      },
      {
        bucket: '2025-01-03T00:00:00.000Z',
        signUpsStreamer: 0,
        signUpsAudience: 0,
        activeCampaigns: 1,
        deliveries: { ...zero, cancelled: 1, submitted: 1 },
        gasUsed: '50000',
        heldClaimsCreated: 0,
        heldClaimsReleased: 1,
      },
    ]);
    expect(body.totals).toEqual({
      signUpsStreamer: 2,
      signUpsAudience: 2,
      activeCampaigns: 3,
      deliveries: { queued: 1, submitted: 1, confirmed: 2, failed: 1, cancelled: 1 },
      gasUsed: '71000',
      heldClaimsCreated: 4,
      heldClaimsReleased: 3,
      transactions: 2,
    });
    expect(body.byPlatform).toEqual([
      {
        platform: 'youtube',
        heldClaimsCreated: 2,
        heldClaimsReleased: 0,
        heldClaimsDelivered: 0,
        heldClaimsStillHeld: 1,
      },
      {
        platform: 'twitcasting',
        heldClaimsCreated: 1,
        heldClaimsReleased: 1,
        heldClaimsDelivered: 1,
        heldClaimsStillHeld: 0,
      },
      {
        platform: 'hanabi',
        heldClaimsCreated: 1,
        heldClaimsReleased: 1,
        heldClaimsDelivered: 0,
        heldClaimsStillHeld: 0,
      },
    ]);
    expect(body.unavailable).toEqual([
      'commentsIngested',
      'entrants',
      'eligible',
      'winners',
      'youtubeQuotaUsed',
    ]);
  });

  it('buckets by local days of the given time zone', async () => {
    const body = await dashboard(`${RANGE}&interval=day&timeZone=Asia/Tokyo`);
    const pick = (row: { bucket: string; signUpsStreamer: number; signUpsAudience: number }) => [
      row.bucket,
      row.signUpsStreamer,
      row.signUpsAudience,
    ];
    // JST is UTC+9: the range 09:00 Jan 1 → 09:00 Jan 4 touches four local days.
    expect(body.series.map(pick)).toEqual([
      ['2024-12-31T15:00:00.000Z', 1, 0],
      ['2025-01-01T15:00:00.000Z', 0, 2],
      ['2025-01-02T15:00:00.000Z', 1, 0],
      ['2025-01-03T15:00:00.000Z', 0, 0],
    ]);
  });

  it('sums weeks and months', async () => {
    const week = await dashboard(`${RANGE}&interval=week`);
    expect(week.series).toHaveLength(1);
    // Weeks start on Monday: 30 December 2024.
    expect(week.series[0]).toMatchObject({
      bucket: '2024-12-30T00:00:00.000Z',
      signUpsStreamer: 2,
      signUpsAudience: 2,
      activeCampaigns: 3,
      gasUsed: '71000',
      heldClaimsCreated: 4,
      heldClaimsReleased: 3,
    });
    const month = await dashboard('from=2024-12-01T00:00:00Z&to=2025-02-01T00:00:00Z&interval=month');
    expect(
      month.series.map((row: { bucket: string; signUpsAudience: number }) => [
        row.bucket,
        row.signUpsAudience,
      ]),
    ).toEqual([
      ['2024-12-01T00:00:00.000Z', 1],
      ['2025-01-01T00:00:00.000Z', 3],
    ]);
    expect(month.series.map((row: { activeCampaigns: number }) => row.activeCampaigns)).toEqual([2, 4]);
  });
});
