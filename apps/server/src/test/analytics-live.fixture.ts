import crypto from 'node:crypto';
import type { Db } from '../db/client.ts';
import { draw, drawEntrant, liveComment, liveQuotaUsage, liveStream, winner } from '../db/schema.ts';
import type { LivePlatform } from '@hanabi/api';
import { chatOf } from './live-entries.fixture.ts';

/**
 * Live rows written straight into the tables for the dashboard tests (streams, comments, draws with their
 * frozen entrants, winners). Each helper takes the fields the figures depend on and fills the rest.
 */

const id = () => crypto.randomUUID();

export async function insertLiveStream(
  db: Db,
  values: { campaignId: string; platform: LivePlatform; quotaUsed?: number; quotaDay?: string | null },
): Promise<string> {
  const streamId = id();
  await db.insert(liveStream).values({
    id: streamId,
    campaignId: values.campaignId,
    platform: values.platform,
    channelId: 'channel',
    broadcastId: streamId,
    status: 'ended',
    quotaUsed: values.quotaUsed ?? 0,
    quotaDay: values.quotaDay ?? null,
  });
  if (values.quotaDay && values.quotaUsed) {
    await db
      .insert(liveQuotaUsage)
      .values({ liveStreamId: streamId, quotaDay: values.quotaDay, units: values.quotaUsed });
  }
  return streamId;
}

export async function insertComment(
  db: Db,
  values: { streamId: string; author: string; createdAt: Date; deletedAt?: Date | null },
): Promise<string> {
  const commentId = id();
  await db.insert(liveComment).values({
    id: commentId,
    ...(await chatOf(db, values.streamId)),
    platformMessageId: commentId,
    authorPlatformId: values.author,
    authorName: values.author,
    text: 'hello',
    publishedAt: values.createdAt,
    createdAt: values.createdAt,
    deletedAt: values.deletedAt ?? null,
  });
  return commentId;
}

let round = 0;
export async function insertDraw(
  db: Db,
  values: {
    campaignId: string;
    status: 'open' | 'closed' | 'revealed' | 'failed';
    revealedAt: Date | null;
    platform?: LivePlatform | null;
    entrants: string[];
  },
): Promise<string> {
  round += 1;
  const drawId = id();
  await db.insert(draw).values({
    id: drawId,
    campaignId: values.campaignId,
    round,
    status: values.status,
    commitment: 'c',
    secretSeed: 's',
    entrantCount: values.entrants.length,
    winnerCount: 1,
    platform: values.platform ?? null,
    revealedAt: values.revealedAt,
    createdAt: values.revealedAt ?? new Date('2025-01-01T00:00:00Z'),
  });
  if (values.entrants.length > 0) {
    await db.insert(drawEntrant).values(
      [...values.entrants].sort().map((entrantKey, position) => ({
        drawId,
        position,
        entrantKey,
        displayName: entrantKey,
      })),
    );
  }
  return drawId;
}

let position = 0;
export async function insertWinner(
  db: Db,
  values: {
    drawId: string;
    campaignId: string;
    platform: LivePlatform;
    status: 'drawn' | 'held' | 'queued' | 'submitted' | 'delivered' | 'failed' | 'excluded';
    createdAt: Date;
    heldClaimId?: string | null;
    deliveryId?: string | null;
  },
): Promise<string> {
  position += 1;
  const winnerId = id();
  await db.insert(winner).values({
    id: winnerId,
    drawId: values.drawId,
    campaignId: values.campaignId,
    position,
    entrantKey: `${values.platform}:${winnerId}`,
    platform: values.platform,
    platformUserId: winnerId,
    displayName: 'winner',
    status: values.status,
    heldClaimId: values.heldClaimId ?? null,
    deliveryId: values.deliveryId ?? null,
    createdAt: values.createdAt,
  });
  return winnerId;
}
