import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryCounts } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { atMillisecond } from '../../lib/cursor.ts';
import { appUser, chainTx, delivery, digitalGoods, heldClaim } from '../../db/schema.ts';

export type DeliveryRow = typeof delivery.$inferSelect;
export type HeldClaimRow = typeof heldClaim.$inferSelect;
export type NewDelivery = Omit<
  typeof delivery.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'nextAttemptAt'
>;
export type NewHeldClaim = Omit<typeof heldClaim.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** A delivery with the names the lists show. */
export interface DeliveryView extends DeliveryRow {
  goodsName: string | null;
  recipientName: string | null;
}

export interface HeldClaimView extends HeldClaimRow {
  goodsName: string | null;
}

type Executor = Pick<Db, 'insert' | 'select' | 'update'>;

const createdMs = atMillisecond(delivery.createdAt);

/** Reads and operator actions on deliveries and held claims; writes that other modules make in their own transactions. */
export class DeliveryRepository {
  constructor(private readonly db: Db) {}

  /** Inserts deliveries; a key already present is skipped (the decision was already recorded). */
  static async insertDeliveries(db: Executor, rows: readonly NewDelivery[]): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(delivery)
      .values(rows.map((row) => ({ ...row, id: crypto.randomUUID(), status: 'queued' as const })))
      .onConflictDoNothing({ target: delivery.idempotencyKey })
      .returning();
  }

  static async insertHeldClaims(db: Executor, rows: readonly NewHeldClaim[]): Promise<HeldClaimRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(heldClaim)
      .values(rows.map((row) => ({ ...row, id: crypto.randomUUID(), status: 'held' as const })))
      .onConflictDoNothing({ target: [heldClaim.source, heldClaim.sourceRef] })
      .returning();
  }

  private viewColumns() {
    return {
      row: delivery,
      goodsName: digitalGoods.name,
      recipientName: appUser.name,
    };
  }

  private async views(where: SQL | undefined, limit?: number): Promise<DeliveryView[]> {
    const query = this.db
      .select(this.viewColumns())
      .from(delivery)
      .leftJoin(digitalGoods, eq(digitalGoods.id, delivery.digitalGoodsId))
      .leftJoin(appUser, eq(appUser.id, delivery.recipientUserId))
      .where(where)
      .orderBy(desc(createdMs), desc(delivery.id));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map(({ row, goodsName, recipientName }) => ({ ...row, goodsName, recipientName }));
  }

  async findView(id: string): Promise<DeliveryView | null> {
    const [row] = await this.views(eq(delivery.id, id));
    return row ?? null;
  }

  /** Newest first, keyset-paged by (created_at, id). */
  async page(
    filter: { status?: DeliveryRow['status']; before?: { createdAt: Date; id: string } },
    limit: number,
  ): Promise<DeliveryView[]> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(delivery.status, filter.status));
    if (filter.before) {
      conditions.push(
        or(
          lt(createdMs, filter.before.createdAt),
          and(eq(createdMs, filter.before.createdAt), lt(delivery.id, filter.before.id)),
        )!,
      );
    }
    return this.views(conditions.length ? and(...conditions) : undefined, limit);
  }

  async ofCampaign(
    campaignId: string,
    filter: { userId?: string; status?: DeliveryRow['status'] },
  ): Promise<DeliveryView[]> {
    const conditions: SQL[] = [eq(delivery.campaignId, campaignId)];
    if (filter.userId) conditions.push(eq(delivery.recipientUserId, filter.userId));
    if (filter.status) conditions.push(eq(delivery.status, filter.status));
    return this.views(and(...conditions));
  }

  async ofManualDistribution(batchId: string): Promise<DeliveryView[]> {
    return this.views(eq(delivery.manualDistributionId, batchId));
  }

  async heldOf(filter: {
    campaignId?: string;
    manualDistributionId?: string;
    userId?: string;
  }): Promise<HeldClaimView[]> {
    const conditions: SQL[] = [];
    if (filter.campaignId) conditions.push(eq(heldClaim.campaignId, filter.campaignId));
    if (filter.manualDistributionId) {
      conditions.push(eq(heldClaim.manualDistributionId, filter.manualDistributionId));
    }
    if (filter.userId) conditions.push(eq(heldClaim.userId, filter.userId));
    const rows = await this.db
      .select({ row: heldClaim, goodsName: digitalGoods.name })
      .from(heldClaim)
      .leftJoin(digitalGoods, eq(digitalGoods.id, heldClaim.digitalGoodsId))
      .where(and(...conditions))
      .orderBy(desc(heldClaim.createdAt), desc(heldClaim.id));
    return rows.map(({ row, goodsName }) => ({ ...row, goodsName }));
  }

  /** Deliveries per state (and held prizes), over everything or one scope. */
  async counts(scope: { campaignId?: string; manualDistributionId?: string } = {}): Promise<DeliveryCounts> {
    const deliveryScope: SQL[] = [];
    const heldScope: SQL[] = [eq(heldClaim.status, 'held')];
    if (scope.campaignId) {
      deliveryScope.push(eq(delivery.campaignId, scope.campaignId));
      heldScope.push(eq(heldClaim.campaignId, scope.campaignId));
    }
    if (scope.manualDistributionId) {
      deliveryScope.push(eq(delivery.manualDistributionId, scope.manualDistributionId));
      heldScope.push(eq(heldClaim.manualDistributionId, scope.manualDistributionId));
    }
    const [byStatus, [held]] = await Promise.all([
      this.db
        .select({ status: delivery.status, count: sql<number>`count(*)::int` })
        .from(delivery)
        .where(deliveryScope.length ? and(...deliveryScope) : undefined)
        .groupBy(delivery.status),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(heldClaim)
        .where(and(...heldScope)),
    ]);
    const counts: DeliveryCounts = {
      queued: 0,
      submitted: 0,
      confirmed: 0,
      failed: 0,
      cancelled: 0,
      held: 0,
    };
    for (const row of byStatus) counts[row.status] = Number(row.count);
    counts.held = Number(held?.count ?? 0);
    return counts;
  }

  async openTransactions(): Promise<Array<typeof chainTx.$inferSelect>> {
    return this.db
      .select()
      .from(chainTx)
      .where(inArray(chainTx.status, ['signed', 'broadcast']))
      .orderBy(chainTx.nonce)
      .limit(100);
  }

  /** failed → queued (a fresh start for the attempt counter). */
  async requeueFailed(id: string): Promise<DeliveryRow | null> {
    const [row] = await this.db
      .update(delivery)
      .set({
        status: 'queued',
        attempts: 0,
        chainTxId: null,
        txHash: null,
        blockNumber: null,
        nextAttemptAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(delivery.id, id), eq(delivery.status, 'failed')))
      .returning();
    return row ?? null;
  }

  async cancel(id: string): Promise<DeliveryRow | null> {
    const [row] = await this.db
      .update(delivery)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(delivery.id, id), inArray(delivery.status, ['failed', 'queued'])))
      .returning();
    return row ?? null;
  }
}
