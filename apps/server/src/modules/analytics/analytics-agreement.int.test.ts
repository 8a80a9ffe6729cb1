import type { AnalyticsDashboard } from '@hanabi/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { campaign, delivery, draw as drawTable, heldClaim, liveQuotaUsage, winner } from '../../db/schema.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { settledStatus } from '../campaigns/campaign.service.ts';
import { DrawsRepository } from '../live-draws/draws.repository.ts';
import {
  insertCampaign,
  insertDelivery,
  insertGoods,
  insertHeldClaim,
  insertUser,
} from '../../test/analytics.fixture.ts';
import { insertDraw, insertLiveStream, insertWinner } from '../../test/analytics-live.fixture.ts';
import { type LivePlatform, LIVE_PLATFORMS } from '@hanabi/api';

/**
 * Every figure of the operator dashboard computed two ways: by the dashboard endpoint (SQL, issue 22 item 10)
 * and here, independently, from the rows of the campaign, delivery, held-claim, winner and quota tables read
 * back in TypeScript. The data sits around "now" in Tokyo days (UTC+9, no daylight saving), in every state the
 * figures distinguish, so the cards, the charts and the tables a streamer or operator sees cannot disagree.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKYO = 9 * HOUR;
const ZONE = 'Asia/Tokyo';

/** Start of the Tokyo day holding `t` (as an instant). */
const tokyoDay = (t: number) => Math.floor((t + TOKYO) / DAY) * DAY - TOKYO;
/** The Tokyo calendar date of a Tokyo day start, `YYYY-MM-DD`. */
const tokyoDate = (dayStart: number) => new Date(dayStart + TOKYO).toISOString().slice(0, 10);

async function seed(db: Db, from: number) {
  const at = (hours: number) => new Date(from + hours * HOUR);
  const streamerId = await insertUser(db, { type: 'streamer', createdAt: new Date('2020-01-01T00:00:00Z') });
  const goodsId = await insertGoods(db, streamerId);
  const c = (startH: number, endH: number, status: 'draft' | 'scheduled' | 'live' | 'ended') =>
    insertCampaign(db, { streamerId, goodsId, startsAt: at(startH), endsAt: at(endH), status });
  // The range is five Tokyo days, now in the fourth (hour 72–96).
  const ended = await c(-30, 20, 'live'); // stored live, ended on day 1: judged ended
  const running = await c(30, 24 * 30, 'scheduled'); // stored scheduled, started on day 2: judged live
  await c(100, 110, 'scheduled'); // later today or tomorrow: scheduled, on day 5 at most
  await c(10, 50, 'ended'); // days 1–3
  await c(0, 119, 'draft'); // a draft never counts
  await c(-100, -1, 'ended'); // before the range
  await c(130, 140, 'scheduled'); // after the range

  const drawOf = (campaignId: string, hours: number) =>
    insertDraw(db, { campaignId, status: 'revealed', revealedAt: at(hours), entrants: [] });
  const d1 = await drawOf(ended, 5);
  const d2 = await drawOf(running, 50);

  const deliveryAt = (status: 'queued' | 'submitted' | 'confirmed' | 'failed' | 'cancelled', hours: number) =>
    insertDelivery(db, { status, createdAt: at(hours) });
  const claim = (
    platform: LivePlatform | 'hanabi',
    status: 'held' | 'released' | 'cancelled',
    hours: number,
    released: { hours: number; deliveryId: string } | null = null,
  ) =>
    insertHeldClaim(db, {
      goodsId,
      platform,
      status,
      createdAt: at(hours),
      releasedAt: released ? at(released.hours) : null,
      deliveryId: released?.deliveryId ?? null,
    });
  const win = (
    drawId: string,
    campaignId: string,
    platform: LivePlatform,
    status: 'drawn' | 'held' | 'queued' | 'excluded',
    hours: number,
    links: { deliveryId?: string; heldClaimId?: string } = {},
  ) => insertWinner(db, { drawId, campaignId, platform, status, createdAt: at(hours), ...links });

  // Sent straight away and confirmed; sent and still queued; sent and failed.
  await win(d1, ended, 'youtube', 'queued', 5, { deliveryId: await deliveryAt('confirmed', 6) });
  await win(d1, ended, 'youtube', 'queued', 5, { deliveryId: await deliveryAt('queued', 6) });
  await win(d1, ended, 'twitcasting', 'queued', 5, { deliveryId: await deliveryAt('failed', 7) });
  // Held, then released (linked a day later) and confirmed; held and still held; drawn, not yet handed over.
  const releasedDelivery = await deliveryAt('confirmed', 40);
  const released = await claim('twitcasting', 'released', 5, { hours: 40, deliveryId: releasedDelivery });
  await win(d1, ended, 'twitcasting', 'held', 5, { heldClaimId: released });
  await win(d2, running, 'youtube', 'held', 50, { heldClaimId: await claim('youtube', 'held', 50) });
  await win(d2, running, 'youtube', 'drawn', 51);
  // Excluded winners leave every figure.
  await win(d2, running, 'twitcasting', 'excluded', 51);
  // Deliveries and claims of no draw (manual distribution, operator mint): the delivery table counts them.
  await deliveryAt('confirmed', 75);
  await deliveryAt('cancelled', 76);
  await claim('hanabi', 'held', 77);
  await claim('youtube', 'cancelled', 78);
  await deliveryAt('confirmed', -5); // before the range
  await deliveryAt('confirmed', 121); // after it

  // Quota on YouTube's (Pacific) days: one row per stream and day.
  const day = (offset: number) => tokyoDate(from + offset * DAY);
  await insertLiveStream(db, { campaignId: running, platform: 'youtube', quotaUsed: 40, quotaDay: day(1) });
  await insertLiveStream(db, { campaignId: running, platform: 'youtube', quotaUsed: 25, quotaDay: day(3) });
  await insertLiveStream(db, { campaignId: ended, platform: 'youtube', quotaUsed: 9, quotaDay: day(-1) });
  await insertLiveStream(db, { campaignId: ended, platform: 'youtube', quotaUsed: 11, quotaDay: day(5) });
  return { campaigns: [ended, running] };
}

describe.each(testBackends())('dashboard figures agree with the tables (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn;
  let body: AnalyticsDashboard;
  let from: number;
  let to: number;
  let seeded: { campaigns: string[] };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    // Sign-ups happen now: the seeded rows are around now too, so the range holds both.
    from = tokyoDay(Date.now()) - 3 * DAY;
    to = from + 5 * DAY;
    seeded = await seed(ctx.container.database.db, from);
    const query = new URLSearchParams({
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      interval: 'day',
      timeZone: ZONE,
    });
    const res = await callAs(ctx.app, boss, 'GET', `/api/admin/analytics/dashboard?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inRange = (date: Date | null) => date !== null && date.getTime() >= from && date.getTime() < to;
  const buckets = () => Array.from({ length: 5 }, (_, index) => from + index * DAY);

  it('has one bucket per Tokyo day, stated in the answer', () => {
    expect(body.range.timeZone).toBe(ZONE);
    expect(body.series.map((row) => Date.parse(row.bucket))).toEqual(buckets());
  });

  it('counts campaigns as the campaign table does: per day, over the range and by status now', async () => {
    const rows = (await ctx.container.database.db.select().from(campaign)).filter(
      (row) => row.status !== 'draft',
    );
    const overlaps = (start: number, end: number) =>
      rows.filter((row) => row.startsAt.getTime() < end && row.endsAt.getTime() > start);
    expect(body.series.map((row) => row.activeCampaigns)).toEqual(
      buckets().map((start) => overlaps(start, start + DAY).length),
    );
    const inRangeNow = overlaps(from, to);
    expect(body.totals.activeCampaigns).toBe(inRangeNow.length);
    const now = new Date();
    const byStatus = { scheduled: 0, live: 0, ended: 0 };
    for (const row of inRangeNow) {
      const status = settledStatus(row.status, row.startsAt, row.endsAt, now);
      if (status !== 'draft') byStatus[status] += 1;
    }
    expect(body.totals.campaignsByStatus).toEqual(byStatus);
    expect(byStatus).toEqual({ scheduled: 1, live: 1, ended: 2 });
    // The card (range) and the chart (per day) agree: no day has more campaigns than the range.
    expect(Math.max(...body.series.map((row) => row.activeCampaigns))).toBeLessThanOrEqual(
      body.totals.activeCampaigns,
    );
  });

  it('counts deliveries by status as the delivery table does, per day and in total', async () => {
    const rows = await ctx.container.database.db.select().from(delivery);
    for (const status of ['queued', 'submitted', 'confirmed', 'failed', 'cancelled'] as const) {
      const of = (start: number, end: number) =>
        rows.filter(
          (row) => row.status === status && row.createdAt.getTime() >= start && row.createdAt.getTime() < end,
        ).length;
      expect(
        body.series.map((row) => row.deliveries[status]),
        status,
      ).toEqual(buckets().map((start) => of(start, start + DAY)));
      expect(body.totals.deliveries[status], status).toBe(of(from, to));
    }
    expect(body.totals.deliveries).toEqual({
      queued: 1,
      submitted: 0,
      confirmed: 3,
      failed: 1,
      cancelled: 1,
    });
  });

  it('counts winners, held and delivered as the winner and delivery tables (and the live room) do', async () => {
    const db = ctx.container.database.db;
    const [winners, deliveries, claims] = await Promise.all([
      db.select().from(winner),
      db.select().from(delivery),
      db.select().from(heldClaim),
    ]);
    const deliveryStatus = (id: string | null) => deliveries.find((row) => row.id === id)?.status ?? null;
    const claimDelivery = (id: string | null) => claims.find((row) => row.id === id)?.deliveryId ?? null;
    const delivered = (row: (typeof winners)[number]) =>
      (deliveryStatus(row.deliveryId) ?? deliveryStatus(claimDelivery(row.heldClaimId))) === 'confirmed';
    for (const platform of LIVE_PLATFORMS) {
      const counted = winners.filter((row) => row.platform === platform && row.status !== 'excluded');
      const figures = (start: number, end: number) => {
        const rows = counted.filter(
          (row) => row.createdAt.getTime() >= start && row.createdAt.getTime() < end,
        );
        return {
          winners: rows.length,
          held: rows.filter((row) => row.heldClaimId !== null).length,
          delivered: rows.filter(delivered).length,
        };
      };
      expect(
        body.series.map(({ live }) => {
          const { winners: w, held, delivered: d } = live[platform];
          return { winners: w, held, delivered: d };
        }),
        platform,
      ).toEqual(buckets().map((start) => figures(start, start + DAY)));
      expect(body.totals.live[platform], platform).toMatchObject(figures(from, to));
    }
    // The live room's winner list (its own query) shows the same delivered winners.
    const draws = new DrawsRepository(db);
    const shown = (await Promise.all(seeded.campaigns.map((id) => draws.campaignWinners(id)))).flat();
    const total = (key: 'winners' | 'delivered') =>
      body.totals.live.youtube[key] + body.totals.live.twitcasting[key];
    expect(total('delivered')).toBe(shown.filter((row) => row.status === 'delivered').length);
    expect(total('winners')).toBe(shown.filter((row) => row.status !== 'excluded').length);
    expect(total('delivered')).toBe(2);
    // Every delivered winner's delivery is a confirmed one the delivery chart counts (same range here).
    expect(total('delivered')).toBeLessThanOrEqual(body.totals.deliveries.confirmed);
    expect((await db.select().from(drawTable)).length).toBe(2);
  });

  it('counts held prizes per platform as the held-claim table does', async () => {
    const db = ctx.container.database.db;
    const [claims, deliveries] = await Promise.all([db.select().from(heldClaim), db.select().from(delivery)]);
    const confirmed = new Set(deliveries.filter((row) => row.status === 'confirmed').map((row) => row.id));
    const created = claims.filter((row) => inRange(row.createdAt));
    expect(
      body.byPlatform.map((row) => [
        row.platform,
        row.heldClaimsCreated,
        row.heldClaimsReleased,
        row.heldClaimsDelivered,
        row.heldClaimsStillHeld,
      ]),
    ).toEqual(
      (['youtube', 'twitcasting', 'hanabi'] as const).map((platform) => {
        const rows = created.filter((row) => row.platform === platform);
        const releasedRows = rows.filter((row) => row.status === 'released');
        return [
          platform,
          rows.length,
          releasedRows.length,
          releasedRows.filter((row) => row.deliveryId && confirmed.has(row.deliveryId)).length,
          rows.filter((row) => row.status === 'held').length,
        ];
      }),
    );
    // The platform chart and the totals card count the same claims.
    const sum = (key: 'heldClaimsCreated') => body.byPlatform.reduce((total, row) => total + row[key], 0);
    expect(sum('heldClaimsCreated')).toBe(body.totals.heldClaimsCreated);
    expect(body.totals.heldClaimsReleased).toBe(claims.filter((row) => inRange(row.releasedAt)).length);
  });

  it('counts YouTube quota on its Pacific days, each in the chart day of the same date', async () => {
    const ledger = await ctx.container.database.db.select().from(liveQuotaUsage);
    const units = (date: string) =>
      ledger.filter((row) => row.quotaDay === date).reduce((total, row) => total + row.units, 0);
    expect(body.series.map((row) => row.youtubeQuotaUsed)).toEqual(
      buckets().map((start) => units(tokyoDate(start))),
    );
    expect(body.series.map((row) => row.youtubeQuotaUsed)).toEqual([0, 40, 0, 25, 0]);
    expect(body.totals.youtubeQuotaUsed).toBe(65);
  });

  it('has totals that are the sums of the buckets for every figure that adds up', () => {
    const sum = (pick: (row: AnalyticsDashboard['series'][number]) => number) =>
      body.series.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.signUpsStreamer)).toBe(body.totals.signUpsStreamer);
    expect(sum((row) => row.heldClaimsCreated)).toBe(body.totals.heldClaimsCreated);
    expect(sum((row) => row.heldClaimsReleased)).toBe(body.totals.heldClaimsReleased);
    expect(sum((row) => row.youtubeQuotaUsed)).toBe(body.totals.youtubeQuotaUsed);
    for (const status of ['queued', 'confirmed', 'failed', 'cancelled'] as const) {
      expect(sum((row) => row.deliveries[status])).toBe(body.totals.deliveries[status]);
    }
    for (const platform of LIVE_PLATFORMS) {
      for (const key of ['winners', 'held', 'delivered'] as const) {
        expect(sum((row) => row.live[platform][key])).toBe(body.totals.live[platform][key]);
      }
    }
    const { scheduled, live, ended } = body.totals.campaignsByStatus;
    expect(scheduled + live + ended).toBe(body.totals.activeCampaigns);
  });
});
