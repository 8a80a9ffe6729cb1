import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { appUser, campaign, delivery, digitalGoods, heldClaim } from '../../db/schema.ts';
import { personColumns, type PersonRow } from '../account/index.ts';

export type GoodsRow = typeof digitalGoods.$inferSelect;
export type UserRow = PersonRow;
export type DeliveryRow = typeof delivery.$inferSelect;
export type HeldClaimRow = typeof heldClaim.$inferSelect;

export type CollectedRow = {
  goods: GoodsRow;
  streamer: UserRow;
  campaign: { id: string; title: string } | null;
} & ({ kind: 'delivery'; delivery: DeliveryRow } | { kind: 'held'; claim: HeldClaimRow });

const streamerTable = alias(appUser, 'goods_streamer');
const streamer = personColumns(streamerTable);
const campaignRef = { id: campaign.id, title: campaign.title };

/**
 * What a person got from Hanabi, read from the delivery engine's tables (`delivery`, `held_claim`): deliveries
 * to them that are not cancelled, and claims still held for them.
 */
export class CollectionRepository {
  /**
   * The collection's own reads as prepared statements (decision 0114): the SQL is built once, not per request
   * (drizzle's building was a tenth of a collection read's CPU), and PostgreSQL parses and plans it once per
   * connection. A person's whole collection is these three statements plus one for the files.
   */
  private readonly prepared;

  constructor(private readonly db: Db) {
    const userId = sql.placeholder('userId');
    const limit = sql.placeholder('limit');
    this.prepared = {
      user: db
        .select(personColumns(appUser))
        .from(appUser)
        .where(eq(appUser.id, userId))
        .prepare('collection_user'),
      deliveries: this.deliveriesQuery(eq(delivery.recipientUserId, userId))
        .limit(limit)
        .prepare('collection_deliveries'),
      claims: this.claimsQuery(eq(heldClaim.userId, userId)).limit(limit).prepare('collection_claims'),
    };
  }

  async findUser(id: string): Promise<UserRow | null> {
    const [row] = await this.prepared.user.execute({ userId: id });
    return row ?? null;
  }

  async findGoods(id: string): Promise<{ goods: GoodsRow; streamer: UserRow } | null> {
    const [row] = await this.db
      .select({ goods: digitalGoods, streamer })
      .from(digitalGoods)
      .innerJoin(streamerTable, eq(streamerTable.id, digitalGoods.streamerId))
      .where(eq(digitalGoods.id, id));
    return row ?? null;
  }

  /** Newest first, at most `limit` of each kind; `goodsId` narrows to one token. */
  async itemsOf(userId: string, limit: number, goodsId?: string): Promise<CollectedRow[]> {
    const [deliveries, claims] = await Promise.all(
      goodsId
        ? [
            this.deliveriesQuery(
              and(eq(delivery.recipientUserId, userId), eq(delivery.digitalGoodsId, goodsId)),
            ).limit(limit),
            this.claimsQuery(and(eq(heldClaim.userId, userId), eq(heldClaim.digitalGoodsId, goodsId))).limit(
              limit,
            ),
          ]
        : [
            this.prepared.deliveries.execute({ userId, limit }),
            this.prepared.claims.execute({ userId, limit }),
          ],
    );
    const rows: CollectedRow[] = [
      ...deliveries.map((row) => ({ kind: 'delivery' as const, ...row })),
      ...claims.map((row) => ({ kind: 'held' as const, ...row })),
    ];
    const at = (row: CollectedRow) =>
      row.kind === 'delivery' ? row.delivery.createdAt : row.claim.createdAt;
    return rows.sort((a, b) => at(b).getTime() - at(a).getTime()).slice(0, limit);
  }

  /** Deliveries to a person that are not cancelled, newest first, with their goods, streamer and campaign. */
  private deliveriesQuery(recipient: SQL | undefined) {
    return this.db
      .select({ delivery, goods: digitalGoods, streamer, campaign: campaignRef })
      .from(delivery)
      .innerJoin(digitalGoods, eq(digitalGoods.id, delivery.digitalGoodsId))
      .innerJoin(streamerTable, eq(streamerTable.id, digitalGoods.streamerId))
      .leftJoin(campaign, eq(campaign.id, delivery.campaignId))
      .where(and(recipient, ne(delivery.status, 'cancelled')))
      .orderBy(desc(delivery.createdAt), desc(delivery.id))
      .$dynamic();
  }

  /** Claims still held for a person, newest first, with their goods, streamer and campaign. */
  private claimsQuery(holder: SQL | undefined) {
    return this.db
      .select({ claim: heldClaim, goods: digitalGoods, streamer, campaign: campaignRef })
      .from(heldClaim)
      .innerJoin(digitalGoods, eq(digitalGoods.id, heldClaim.digitalGoodsId))
      .innerJoin(streamerTable, eq(streamerTable.id, digitalGoods.streamerId))
      .leftJoin(campaign, eq(campaign.id, heldClaim.campaignId))
      .where(and(holder, eq(heldClaim.status, 'held')))
      .orderBy(desc(heldClaim.createdAt), desc(heldClaim.id))
      .$dynamic();
  }
}
