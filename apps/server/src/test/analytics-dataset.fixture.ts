import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveQuotaUsage, liveStream as liveStreamTable } from '../db/schema.ts';
import {
  insertCampaign,
  insertChainTx,
  insertDelivery,
  insertGoods,
  insertHeldClaim,
  insertUser,
} from './analytics.fixture.ts';
import { insertComment, insertDraw, insertLiveStream, insertWinner } from './analytics-live.fixture.ts';
import type { LivePlatform } from '@hanabi/api';

const at = (iso: string) => new Date(iso);

/**
 * A small dataset in January 2025 (far from the users the sign-ins create "now"), with every figure of the
 * dashboard worked out by hand below, including rows just outside [from, to) that must not count.
 */
export async function seedDashboardDataset(db: Db): Promise<{ liveCampaign: string; liveStream: string }> {
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
  const liveCampaign = await campaign('2024-12-01T00:00:00Z', '2025-02-01T00:00:00Z', 'live'); // every day
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
    platform: LivePlatform | 'hanabi',
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
  const liveStream = await seedLive(db, liveCampaign, delivered);
  return { liveCampaign, liveStream };
}

/** Streams, comments, draws and winners of the live campaign (a YouTube campaign: `platforms[1]` is youtube). */
async function seedLive(db: Db, campaignId: string, confirmedDelivery: string): Promise<string> {
  const stream = (platform: LivePlatform, quotaUsed = 0, quotaDay: string | null = null) =>
    insertLiveStream(db, { campaignId, platform, quotaUsed, quotaDay });
  // Quota: 100 on Jan 1 and 30 on Jan 2 (one stream read across midnight Pacific: the stream row keeps only its
  // current day, the ledger both), 50 on Jan 3; Dec 31 and Jan 4 are outside the UTC range (Jan 4 is inside in
  // Tokyo).
  const ytA = await stream('youtube', 100, '2025-01-01');
  await db
    .update(liveStreamTable)
    .set({ quotaUsed: 30, quotaDay: '2025-01-02' })
    .where(eq(liveStreamTable.id, ytA));
  await db.insert(liveQuotaUsage).values({ liveStreamId: ytA, quotaDay: '2025-01-02', units: 30 });
  const ytB = await stream('youtube', 50, '2025-01-03');
  const tc = await stream('twitcasting');
  await stream('youtube', 999, '2024-12-31');
  await stream('youtube', 7, '2025-01-04');

  const comment = (streamId: string, author: string, createdAt: string, deleted = false) =>
    insertComment(db, {
      streamId,
      author,
      createdAt: at(createdAt),
      deletedAt: deleted ? at(createdAt) : null,
    });
  await comment(ytA, 'alice', '2025-01-01T10:00:00Z');
  await comment(ytA, 'alice', '2025-01-01T11:00:00Z');
  await comment(ytA, 'bob', '2025-01-01T12:00:00Z', true); // ingested, but a deleted comment enters no one
  await comment(ytA, 'carol', '2025-01-02T10:00:00Z');
  await comment(ytA, 'alice', '2025-01-02T11:00:00Z');
  await comment(ytA, 'dave', '2024-12-31T23:59:59Z'); // before the range
  await comment(ytB, 'bob', '2025-01-03T10:00:00Z');
  await comment(ytB, 'erin', '2025-01-04T00:00:00Z'); // after the range
  await comment(tc, 'alice', '2025-01-01T13:00:00Z'); // another person: same id, other platform
  await comment(tc, 'frank', '2025-01-03T23:59:59Z');

  const draw = (
    status: 'revealed' | 'closed',
    revealedAt: string | null,
    platform: LivePlatform | null,
    entrants: string[],
  ) =>
    insertDraw(db, {
      campaignId,
      status,
      revealedAt: revealedAt ? at(revealedAt) : null,
      platform,
      entrants,
    });
  // user:u1 (linked on both platforms) counts on the draw's platform, else the campaign's first (youtube).
  const d1 = await draw('revealed', '2025-01-01T20:00:00Z', 'youtube', [
    'youtube:alice',
    'twitcasting:alice',
    'user:u1',
  ]);
  const d2 = await draw('revealed', '2025-01-02T20:00:00Z', null, [
    'youtube:alice',
    'youtube:carol',
    'user:u1',
  ]);
  await draw('closed', null, 'youtube', ['youtube:zed']); // not revealed: nobody eligible yet
  const d4 = await draw('revealed', '2025-01-04T00:00:00Z', 'youtube', ['youtube:x']); // after the range
  const d5 = await draw('revealed', '2025-01-03T05:00:00Z', 'twitcasting', ['user:u1', 'twitcasting:frank']);

  const win = (
    drawId: string,
    platform: LivePlatform,
    status: 'drawn' | 'held' | 'queued' | 'delivered' | 'failed' | 'excluded',
    createdAt: string,
    heldClaimId: string | null = null,
    deliveryId: string | null = null,
  ) =>
    insertWinner(db, {
      drawId,
      campaignId,
      platform,
      status,
      createdAt: at(createdAt),
      heldClaimId,
      deliveryId,
    });
  // Delivered is the delivery's state (confirmed), not a stored winner status.
  await win(d1, 'youtube', 'queued', '2025-01-01T20:00:00Z', null, confirmedDelivery);
  await win(d1, 'twitcasting', 'held', '2025-01-01T20:00:00Z', 'claim-1');
  await win(d2, 'youtube', 'excluded', '2025-01-02T20:00:00Z'); // excluded winners leave the funnel
  await win(d2, 'youtube', 'queued', '2025-01-02T20:00:00Z', 'claim-2', confirmedDelivery); // held, then delivered
  await win(d2, 'youtube', 'queued', '2025-01-02T20:00:00Z');
  await win(d5, 'twitcasting', 'failed', '2025-01-03T05:00:00Z');
  await win(d4, 'youtube', 'drawn', '2025-01-04T00:00:00Z');
  return ytA;
}
