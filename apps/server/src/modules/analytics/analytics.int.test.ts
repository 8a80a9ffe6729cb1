import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { seedDashboardDataset } from '../../test/analytics-dataset.fixture.ts';

const RANGE = 'from=2025-01-01T00:00:00Z&to=2025-01-04T00:00:00Z';
const zero = { queued: 0, submitted: 0, confirmed: 0, failed: 0, cancelled: 0 };
/** One platform's live figures, in the contract's order. */
const live = (
  comments: number,
  entrants: number,
  eligible: number,
  winners = 0,
  held = 0,
  delivered = 0,
) => ({
  comments,
  entrants,
  eligible,
  winners,
  held,
  delivered,
});

describe.each(testBackends({ embedded: true }))('analytics dashboard (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn;
  let streamer: SignedIn;
  let fan: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer');
    fan = await signUpByEmail(ctx, 'fan@example.com', 'audience');
    await seedDashboardDataset(ctx.container.database.db);
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
        // bob's only day-1 comment was deleted: he enters on day 3. alice and user:u1 are eligible on day 1.
        live: { youtube: live(3, 1, 2, 1, 0, 1), twitcasting: live(1, 1, 1, 1, 1, 0) },
        youtubeQuotaUsed: 100,
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
        // alice commented again, but entered this campaign on day 1: carol is the only new entrant.
        live: { youtube: live(2, 1, 1, 2, 1, 1), twitcasting: live(0, 0, 0) },
        // The first stream read on past midnight Pacific: its second quota day.
        youtubeQuotaUsed: 30,
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
        live: { youtube: live(1, 1, 0), twitcasting: live(1, 1, 2, 1, 0, 0) },
        youtubeQuotaUsed: 50,
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
      // Entrants and eligible count once per campaign: alice, carol, bob; alice, user:u1, carol.
      live: { youtube: live(6, 3, 3, 3, 1, 2), twitcasting: live(2, 2, 3, 2, 1, 0) },
      youtubeQuotaUsed: 180,
      // All three ended long before the test runs (the "live" one's stored status is behind: judged now).
      campaignsByStatus: { scheduled: 0, live: 0, ended: 3 },
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
    // Quota days are dates: each counts in the local day of that date, Jan 4 included (the range ends 09:00).
    expect(body.series.map((row: { youtubeQuotaUsed: number }) => row.youtubeQuotaUsed)).toEqual([
      100, 30, 50, 7,
    ]);
    // Comments by local day: 10:00–13:00 UTC Jan 1 is 19:00–22:00 JST, still Jan 1.
    expect(body.series[0].live.youtube.comments).toBe(3);
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
      live: { youtube: live(6, 3, 3, 3, 1, 2), twitcasting: live(2, 2, 3, 2, 1, 0) },
      youtubeQuotaUsed: 180,
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
    type MonthRow = { live: { youtube: { comments: number; entrants: number } }; youtubeQuotaUsed: number };
    // December: dave and quota day Dec 31; January: everything else, erin and Jan 4 included.
    expect(
      month.series.map((row: MonthRow) => [
        row.live.youtube.comments,
        row.live.youtube.entrants,
        row.youtubeQuotaUsed,
      ]),
    ).toEqual([
      [1, 1, 999],
      [7, 4, 187],
    ]);
  });
});
