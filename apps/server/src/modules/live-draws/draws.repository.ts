import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { prizeStateOf } from '@hanabi/api';
import type {
  DeliveryStatus,
  DrawFreeze,
  DrawSchedule,
  DrawSummary,
  Winner,
  WinnerStatus,
} from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { linkedUserOf } from '../platform-identities/index.ts';
import {
  appUser,
  delivery,
  draw,
  drawEntrant,
  drawSchedule,
  heldClaim,
  winner,
  winnerChange,
} from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { LivePlatform } from '@hanabi/api';

export type DrawRow = typeof draw.$inferSelect;
export type WinnerRow = typeof winner.$inferSelect;

/*
 * Winner status mirrors the delivery by a JOIN at read time, never copied: the stored `winner.status` records
 * only the streamer's and the distribution's decisions (drawn → held | queued, or excluded). Read back, a winner
 * with a delivery (its own, or the one its held claim was released into) shows the delivery's state: queued,
 * submitted, confirmed → delivered, failed/cancelled → failed. The delivery engine never has to know winners.
 */

const linked = alias(appUser, 'linked_user');
const heldDelivery = alias(delivery, 'held_delivery');

export function toDrawSummary(row: DrawRow): DrawSummary {
  return {
    id: row.id,
    campaignId: row.campaignId,
    round: row.round,
    status: row.status,
    trigger: row.trigger,
    commitment: row.commitment,
    entrantsHash: row.entrantsHash,
    entrantCount: row.entrantCount,
    winnerCount: row.winnerCount,
    beacon:
      row.beaconSource && row.beaconRound && row.beaconValue
        ? { source: row.beaconSource, round: row.beaconRound, value: row.beaconValue }
        : null,
    seed: row.status === 'revealed' ? row.seed : null,
    redrawOf: row.redrawOf,
    failure: row.failure,
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    freeze: freezeOf(row),
    revealedAt: row.revealedAt?.toISOString() ?? null,
  };
}

/** How the draw froze its entrants (decision 0204); null before T is fixed and on draws frozen before the rule. */
function freezeOf(row: DrawRow): DrawFreeze | null {
  if (!row.closedAt || !row.freezeDeadline) return null;
  return {
    waitUntil: row.freezeDeadline.toISOString(),
    frozenAt: row.frozenAt?.toISOString() ?? null,
    behind: row.frozenAt ? (row.ingestBehind ?? []) : null,
  };
}

export function toSchedule(row: typeof drawSchedule.$inferSelect | undefined): DrawSchedule {
  if (!row) return { active: false, intervalMinutes: null, nextRunAt: null };
  return {
    active: row.active,
    intervalMinutes: row.intervalMinutes,
    nextRunAt: row.active ? (row.nextRunAt?.toISOString() ?? null) : null,
  };
}

function effectiveStatus(stored: WinnerStatus, deliveryStatus: DeliveryStatus | null): WinnerStatus {
  if (stored === 'drawn' || stored === 'excluded') return stored;
  if (deliveryStatus) return prizeStateOf(deliveryStatus);
  return stored === 'queued' ? 'queued' : 'held';
}

/** Reads of draws, winners, schedules and the change log of a campaign. */
export class DrawsRepository {
  constructor(private readonly db: Db) {}

  async draws(campaignId: string): Promise<DrawRow[]> {
    return this.db.select().from(draw).where(eq(draw.campaignId, campaignId)).orderBy(desc(draw.round));
  }

  async findDraw(id: string): Promise<DrawRow | null> {
    const [row] = await this.db.select().from(draw).where(eq(draw.id, id));
    return row ?? null;
  }

  async entrantKeys(drawId: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: drawEntrant.entrantKey })
      .from(drawEntrant)
      .where(eq(drawEntrant.drawId, drawId))
      .orderBy(asc(drawEntrant.position));
    return rows.map((row) => row.key);
  }

  /** Winners with their current person and delivery, newest draw first, then draw order. */
  async winners(where: SQL): Promise<Winner[]> {
    const rows = await this.db
      .select({
        winner,
        round: draw.round,
        linkedUserId: linked.id,
        wallet: linked.walletAddress,
        deliveryId: sql<string | null>`coalesce(${delivery.id}, ${heldDelivery.id})`,
        deliveryStatus: sql<DeliveryStatus | null>`coalesce(${delivery.status}, ${heldDelivery.status})`,
        txHash: sql<string | null>`coalesce(${delivery.txHash}, ${heldDelivery.txHash})`,
      })
      .from(winner)
      .innerJoin(draw, eq(draw.id, winner.drawId))
      .leftJoin(
        linked,
        sql`${linked.id} = coalesce(${winner.userId}, ${linkedUserOf(winner.platform, winner.platformUserId)})`,
      )
      .leftJoin(delivery, eq(delivery.id, winner.deliveryId))
      .leftJoin(heldClaim, eq(heldClaim.id, winner.heldClaimId))
      .leftJoin(heldDelivery, eq(heldDelivery.id, heldClaim.deliveryId))
      .where(where)
      .orderBy(desc(draw.round), asc(winner.position));
    return rows.map((row) => ({
      id: row.winner.id,
      drawId: row.winner.drawId,
      campaignId: row.winner.campaignId,
      position: row.winner.position,
      entrantKey: row.winner.entrantKey,
      platform: row.winner.platform,
      platformUserId: row.winner.platformUserId,
      displayName: row.winner.displayName,
      userId: row.linkedUserId,
      status: effectiveStatus(row.winner.status, row.deliveryStatus),
      reachable: Boolean(row.wallet),
      deliveryId: row.deliveryId,
      deliveryStatus: row.deliveryStatus,
      txHash: row.txHash,
      distributedAt: row.winner.distributedAt?.toISOString() ?? null,
      excludedReason: row.winner.excludedReason,
      excludedReasonCode: row.winner.excludedReasonCode,
      excludedAt: row.winner.excludedAt?.toISOString() ?? null,
      replacedBy: row.winner.replacedBy,
      createdAt: row.winner.createdAt.toISOString(),
    }));
  }

  async campaignWinners(campaignId: string, platform?: LivePlatform): Promise<Winner[]> {
    return this.winners(
      platform
        ? and(eq(winner.campaignId, campaignId), eq(winner.platform, platform))!
        : eq(winner.campaignId, campaignId),
    );
  }

  async schedule(campaignId: string): Promise<typeof drawSchedule.$inferSelect | undefined> {
    const [row] = await this.db.select().from(drawSchedule).where(eq(drawSchedule.campaignId, campaignId));
    return row;
  }

  async changes(campaignId: string) {
    const rows = await this.db
      .select()
      .from(winnerChange)
      .where(eq(winnerChange.campaignId, campaignId))
      .orderBy(desc(winnerChange.createdAt), desc(winnerChange.id))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      winnerId: row.winnerId,
      actorId: row.actorId,
      action: row.action,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
