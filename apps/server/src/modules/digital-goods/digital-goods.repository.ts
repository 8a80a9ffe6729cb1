import { and, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runIdempotent } from '../../db/idempotent-write.ts';
import { campaign, chainToken, delivery, digitalGoods, heldClaim } from '../../db/schema.ts';

/**
 * Copies a campaign has already given away or is about to (decision 0062): its winners' live deliveries
 * (including held prizes released into deliveries), prizes held for winners, and drawn winners not yet
 * handed over × copies per winner. A correlated expression over the outer `campaign` row, written with
 * qualified names (drizzle leaves columns unqualified inside select fields, which would bind them to the
 * subquery's own table).
 */
const campaignHandedCopies = sql.raw(`(
  (select coalesce(sum(d.amount), 0) from delivery d
    where d.campaign_id = "campaign"."id" and d.source = 'draw' and d.status not in ('failed', 'cancelled'))
  + (select coalesce(sum(h.amount), 0) from held_claim h
    where h.campaign_id = "campaign"."id" and h.source = 'draw' and h.status = 'held')
  + (select count(*) from winner w
    where w.campaign_id = "campaign"."id" and w.status = 'drawn') * "campaign"."copies_per_winner"
)`);

/** Winners a campaign has handed to delivery (a delivery or a held claim written for them). */
const campaignHandedWinners = sql.raw(
  `(select count(*) from winner w where w.campaign_id = "campaign"."id" and w.distributed_at is not null)`,
);

export type DigitalGoodsRow = typeof digitalGoods.$inferSelect;
export type NewDigitalGoods = Omit<
  typeof digitalGoods.$inferInsert,
  'updatedAt' | 'status' | 'tokenId' | 'imageCid' | 'metadataCid' | 'tokenUri' | 'publishedAt'
>;
export type DigitalGoodsPatch = Partial<
  Pick<DigitalGoodsRow, 'name' | 'description' | 'imageAssetId' | 'animationAssetId' | 'supply' | 'hidden'>
>;
/** What the chain work records once the image and metadata are pinned and the URI set. */
export type GoodsChainData = Partial<Pick<DigitalGoodsRow, 'imageCid' | 'metadataCid' | 'tokenUri'>>;

export interface GoodsListFilter {
  status?: 'draft' | 'published';
  includeHidden: boolean;
  limit: number;
  /** Keyset: rows strictly older than this (created_at desc, id desc). */
  after?: { createdAt: Date; id: string };
}

/** Digital goods (`digital_goods`) and what campaigns reserve of them. */
export class DigitalGoodsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts once per (scope, key), as campaign create does (decision 0073): a key seen before answers the id
   * it inserted, so Back + submit on the goods form never makes a second one.
   */
  async insertOnce(
    scope: string,
    key: string | undefined,
    requestBody: unknown,
    values: NewDigitalGoods,
  ): Promise<{ id: string }> {
    return runIdempotent(this.db, scope, key, requestBody, async (tx) => {
      const [row] = await tx.insert(digitalGoods).values(values).returning({ id: digitalGoods.id });
      return { id: row!.id };
    });
  }

  async insert(values: NewDigitalGoods): Promise<DigitalGoodsRow> {
    const [row] = await this.db.insert(digitalGoods).values(values).returning();
    return row!;
  }

  async findById(id: string): Promise<DigitalGoodsRow | null> {
    const [row] = await this.db.select().from(digitalGoods).where(eq(digitalGoods.id, id));
    return row ?? null;
  }

  /** The goods published under this token id, if any (operator mints are capped by its supply). */
  async findByTokenId(tokenId: bigint): Promise<DigitalGoodsRow | null> {
    const [row] = await this.db
      .select()
      .from(digitalGoods)
      .where(eq(digitalGoods.tokenId, tokenId.toString()));
    return row ?? null;
  }

  /** The goods under this token id with the copies its campaigns promised, for the operator's supply cap. */
  async supplyOfToken(tokenId: bigint): Promise<{ name: string; supply: number; promised: number } | null> {
    const goods = await this.findByTokenId(tokenId);
    if (!goods) return null;
    const promised = (await this.reservedCopies([goods.id])).get(goods.id) ?? 0;
    return { name: goods.name, supply: goods.supply, promised };
  }

  async findByIds(ids: string[]): Promise<DigitalGoodsRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(digitalGoods)
      .where(inArray(digitalGoods.id, [...new Set(ids)]));
  }

  async findOwned(streamerId: string, id: string): Promise<DigitalGoodsRow | null> {
    const [row] = await this.db
      .select()
      .from(digitalGoods)
      .where(and(eq(digitalGoods.id, id), eq(digitalGoods.streamerId, streamerId)));
    return row ?? null;
  }

  async listOwned(streamerId: string, filter: GoodsListFilter): Promise<DigitalGoodsRow[]> {
    const conditions = [eq(digitalGoods.streamerId, streamerId)];
    if (filter.status) conditions.push(eq(digitalGoods.status, filter.status));
    if (!filter.includeHidden) conditions.push(eq(digitalGoods.hidden, false));
    if (filter.after) {
      conditions.push(
        or(
          lt(digitalGoods.createdAt, filter.after.createdAt),
          and(eq(digitalGoods.createdAt, filter.after.createdAt), lt(digitalGoods.id, filter.after.id)),
        )!,
      );
    }
    return this.db
      .select()
      .from(digitalGoods)
      .where(and(...conditions))
      .orderBy(desc(digitalGoods.createdAt), desc(digitalGoods.id))
      .limit(filter.limit);
  }

  async update(id: string, patch: DigitalGoodsPatch): Promise<DigitalGoodsRow | null> {
    const [row] = await this.db
      .update(digitalGoods)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(digitalGoods.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(digitalGoods).where(eq(digitalGoods.id, id));
  }

  /**
   * Copies each goods has promised: over its campaigns (optionally but one), each campaign's larger of its plan
   * (winner count × copies per winner) and what it has handed over or drawn (decision 0062: lowering the plan
   * afterwards frees nothing already given), plus what manual and operator distributions sent or hold for
   * someone. Pass a transaction to count under the lock it took on the goods row. One statement (UNION ALL): a
   * transaction is one connection, and parallel queries on it are what pg warns about ("client.query() when the
   * client is already executing").
   */
  async reservedCopies(
    goodsIds: string[],
    exceptCampaignId?: string,
    db: Pick<Db, 'select'> = this.db,
  ): Promise<Map<string, number>> {
    const reserved = new Map<string, number>();
    if (goodsIds.length === 0) return reserved;
    const ids = [...new Set(goodsIds)];
    const conditions = [inArray(campaign.prizeDigitalGoodsId, ids)];
    if (exceptCampaignId) conditions.push(sql`${campaign.id} <> ${exceptCampaignId}`);
    const rows = await db
      .select({
        // Typed as the other parts of the union are (their goods id column may be null).
        goodsId: sql<string | null>`${campaign.prizeDigitalGoodsId}`,
        copies: sql<number>`coalesce(sum(greatest(${campaign.winnerCount} * ${campaign.copiesPerWinner}, ${campaignHandedCopies})), 0)::int`,
      })
      .from(campaign)
      .where(and(...conditions))
      .groupBy(campaign.prizeDigitalGoodsId)
      .unionAll(
        db
          .select({
            goodsId: delivery.digitalGoodsId,
            copies: sql<number>`coalesce(sum(${delivery.amount}), 0)::int`,
          })
          .from(delivery)
          .where(
            and(
              inArray(delivery.digitalGoodsId, ids),
              inArray(delivery.source, ['manual', 'admin']),
              notInArray(delivery.status, ['failed', 'cancelled']),
            ),
          )
          .groupBy(delivery.digitalGoodsId),
      )
      .unionAll(
        db
          .select({
            goodsId: heldClaim.digitalGoodsId,
            copies: sql<number>`coalesce(sum(${heldClaim.amount}), 0)::int`,
          })
          .from(heldClaim)
          .where(
            and(
              inArray(heldClaim.digitalGoodsId, ids),
              inArray(heldClaim.source, ['manual', 'admin']),
              eq(heldClaim.status, 'held'),
            ),
          )
          .groupBy(heldClaim.digitalGoodsId),
      );
    for (const row of rows) {
      if (!row.goodsId) continue;
      reserved.set(row.goodsId, (reserved.get(row.goodsId) ?? 0) + Number(row.copies));
    }
    return reserved;
  }

  /**
   * What one campaign has handed over: winners given to delivery (a delivery or a held claim written) and the
   * copies counted as in {@link reservedCopies} (handed over + drawn). A campaign's plan cannot go below them.
   */
  async handedOver(campaignId: string): Promise<{ winners: number; copies: number }> {
    const [row] = await this.db
      .select({
        winners: sql<number>`${campaignHandedWinners}::int`,
        copies: sql<number>`${campaignHandedCopies}::int`,
      })
      .from(campaign)
      .where(eq(campaign.id, campaignId));
    return { winners: Number(row?.winners ?? 0), copies: Number(row?.copies ?? 0) };
  }

  async campaignCount(goodsId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaign)
      .where(eq(campaign.prizeDigitalGoodsId, goodsId));
    return Number(row?.count ?? 0);
  }

  /**
   * Marks draft goods published and gives them the next token id: one above every id Hanabi knows (its goods and
   * the tokens the operator tools minted), under a transaction-scoped advisory lock so concurrent publishes never
   * pick the same id. Returns null when the goods were not a draft (already published: nothing changes).
   */
  async publish(id: string, now: Date): Promise<DigitalGoodsRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hanabi.digital_goods.token_id'))`);
      const [row] = await tx
        .update(digitalGoods)
        .set({
          status: 'published',
          publishedAt: now,
          updatedAt: now,
          tokenId: sql`(select greatest(
              coalesce((select max(${digitalGoods.tokenId}) from ${digitalGoods}), 0),
              coalesce((select max(${chainToken.tokenId}) from ${chainToken}), 0)
            ) + 1)`,
        })
        .where(and(eq(digitalGoods.id, id), eq(digitalGoods.status, 'draft')))
        .returning();
      return row ?? null;
    });
  }

  /** For the chain work: the CIDs and token URI once pinned and set. */
  async recordChainData(id: string, data: GoodsChainData): Promise<DigitalGoodsRow | null> {
    const [row] = await this.db
      .update(digitalGoods)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(digitalGoods.id, id))
      .returning();
    return row ?? null;
  }
}
