import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { appUser, campaign, delivery, digitalGoods, heldClaim } from '../../db/schema.ts';

export type GoodsRow = typeof digitalGoods.$inferSelect;
export type UserRow = typeof appUser.$inferSelect;
export type DeliveryRow = typeof delivery.$inferSelect;
export type HeldClaimRow = typeof heldClaim.$inferSelect;

export type CollectedRow = {
  goods: GoodsRow;
  streamer: UserRow;
  campaign: { id: string; title: string } | null;
} & ({ kind: 'delivery'; delivery: DeliveryRow } | { kind: 'held'; claim: HeldClaimRow });

const streamer = alias(appUser, 'goods_streamer');
const campaignRef = { id: campaign.id, title: campaign.title };

/**
 * What a person got from Hanabi, read from the delivery engine's tables (`delivery`, `held_claim`): deliveries
 * to them that are not cancelled, and claims still held for them.
 */
export class CollectionRepository {
  constructor(private readonly db: Db) {}

  async findUser(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(appUser).where(eq(appUser.id, id));
    return row ?? null;
  }

  async findGoods(id: string): Promise<{ goods: GoodsRow; streamer: UserRow } | null> {
    const [row] = await this.db
      .select({ goods: digitalGoods, streamer })
      .from(digitalGoods)
      .innerJoin(streamer, eq(streamer.id, digitalGoods.streamerId))
      .where(eq(digitalGoods.id, id));
    return row ?? null;
  }

  /** Newest first, at most `limit` of each kind; `goodsId` narrows to one token. */
  async itemsOf(userId: string, limit: number, goodsId?: string): Promise<CollectedRow[]> {
    const [deliveries, claims] = await Promise.all([
      this.db
        .select({ delivery, goods: digitalGoods, streamer, campaign: campaignRef })
        .from(delivery)
        .innerJoin(digitalGoods, eq(digitalGoods.id, delivery.digitalGoodsId))
        .innerJoin(streamer, eq(streamer.id, digitalGoods.streamerId))
        .leftJoin(campaign, eq(campaign.id, delivery.campaignId))
        .where(
          and(
            eq(delivery.recipientUserId, userId),
            ne(delivery.status, 'cancelled'),
            goodsId ? eq(delivery.digitalGoodsId, goodsId) : undefined,
          ),
        )
        .orderBy(desc(delivery.createdAt), desc(delivery.id))
        .limit(limit),
      this.db
        .select({ claim: heldClaim, goods: digitalGoods, streamer, campaign: campaignRef })
        .from(heldClaim)
        .innerJoin(digitalGoods, eq(digitalGoods.id, heldClaim.digitalGoodsId))
        .innerJoin(streamer, eq(streamer.id, digitalGoods.streamerId))
        .leftJoin(campaign, eq(campaign.id, heldClaim.campaignId))
        .where(
          and(
            eq(heldClaim.userId, userId),
            eq(heldClaim.status, 'held'),
            goodsId ? eq(heldClaim.digitalGoodsId, goodsId) : undefined,
          ),
        )
        .orderBy(desc(heldClaim.createdAt), desc(heldClaim.id))
        .limit(limit),
    ]);
    const rows: CollectedRow[] = [
      ...deliveries.map((row) => ({ kind: 'delivery' as const, ...row })),
      ...claims.map((row) => ({ kind: 'held' as const, ...row })),
    ];
    const at = (row: CollectedRow) =>
      row.kind === 'delivery' ? row.delivery.createdAt : row.claim.createdAt;
    return rows.sort((a, b) => at(b).getTime() - at(a).getTime()).slice(0, limit);
  }

  /** People (user ids, or the address / platform identity of someone unknown) who hold or are getting it. */
  async holderCount(goodsId: string): Promise<number> {
    const [delivered, held] = await Promise.all([
      this.db
        .selectDistinct({
          holder: sql<string>`coalesce(${delivery.recipientUserId}, lower(${delivery.recipientAddress}))`,
        })
        .from(delivery)
        .where(
          and(
            eq(delivery.digitalGoodsId, goodsId),
            inArray(delivery.status, ['queued', 'submitted', 'confirmed']),
          ),
        ),
      this.db
        .selectDistinct({
          holder: sql<string>`coalesce(${heldClaim.userId}, ${heldClaim.platform} || ':' || ${heldClaim.platformUserId})`,
        })
        .from(heldClaim)
        .where(and(eq(heldClaim.digitalGoodsId, goodsId), eq(heldClaim.status, 'held'))),
    ]);
    return new Set([...delivered, ...held].map((row) => row.holder)).size;
  }
}
