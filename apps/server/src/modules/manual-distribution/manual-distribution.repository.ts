import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atMillisecond } from '../../lib/cursor.ts';
import { appUser, digitalGoods, manualDistribution } from '../../db/schema.ts';
import { hasLinkedAnyOf, identitiesOf, type PlatformIdentity } from '../platform-identities/index.ts';
import type { LivePlatform } from '@hanabi/api';

export type ManualDistributionRow = typeof manualDistribution.$inferSelect;

/** The public facts about a possible recipient. */
export interface RecipientUser {
  id: string;
  name: string;
  walletAddress: string | null;
  /** The platform accounts they linked. */
  identities: PlatformIdentity[];
}

/** A platform account a recipient list names (by its stable id). */
export interface WantedAccount {
  platform: LivePlatform;
  platformUserId: string;
}

type Reader = Pick<Db, 'select'>;

const createdMs = atMillisecond(manualDistribution.createdAt);

const recipientColumns = {
  id: appUser.id,
  name: appUser.name,
  walletAddress: appUser.walletAddress,
  identities: identitiesOf(appUser.id),
};

export class ManualDistributionRepository {
  constructor(private readonly db: Db) {}

  /** The goods, locked for the rest of the transaction when one is given (supply is counted under it). */
  async goodsForDistribution(id: string, tx?: Pick<Db, 'select'>) {
    const query = (tx ?? this.db).select().from(digitalGoods).where(eq(digitalGoods.id, id));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Users matching any of the identities the rows name (ids, wallets, linked platform accounts). */
  async recipients(
    wanted: { userIds: string[]; wallets: string[]; accounts: WantedAccount[] },
    db: Reader = this.db,
  ): Promise<RecipientUser[]> {
    const conditions: SQL[] = [];
    if (wanted.userIds.length) conditions.push(inArray(appUser.id, wanted.userIds));
    if (wanted.wallets.length) {
      conditions.push(
        inArray(
          sql`lower(${appUser.walletAddress})`,
          wanted.wallets.map((w) => w.toLowerCase()),
        ),
      );
    }
    // Stable ids only (TwitCasting screen ids are resolved to numeric ids before planning).
    if (wanted.accounts.length) conditions.push(hasLinkedAnyOf(appUser.id, wanted.accounts));
    if (conditions.length === 0) return [];
    return db
      .select(recipientColumns)
      .from(appUser)
      .where(or(...conditions));
  }

  async insert(
    tx: Pick<Db, 'insert'>,
    row: typeof manualDistribution.$inferInsert,
  ): Promise<ManualDistributionRow> {
    const [created] = await tx.insert(manualDistribution).values(row).returning();
    return created!;
  }

  async findWithGoods(id: string): Promise<{ row: ManualDistributionRow; goodsName: string } | null> {
    const [found] = await this.db
      .select({ row: manualDistribution, goodsName: digitalGoods.name })
      .from(manualDistribution)
      .innerJoin(digitalGoods, eq(digitalGoods.id, manualDistribution.digitalGoodsId))
      .where(eq(manualDistribution.id, id));
    return found ?? null;
  }

  /** A streamer's distributions, newest first, keyset-paged by (created_at, id). */
  async page(
    streamerId: string,
    before: { createdAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<Array<{ row: ManualDistributionRow; goodsName: string }>> {
    const conditions: SQL[] = [eq(manualDistribution.streamerId, streamerId)];
    if (before) {
      conditions.push(
        or(
          lt(createdMs, before.createdAt),
          and(eq(createdMs, before.createdAt), lt(manualDistribution.id, before.id)),
        )!,
      );
    }
    return this.db
      .select({ row: manualDistribution, goodsName: digitalGoods.name })
      .from(manualDistribution)
      .innerJoin(digitalGoods, eq(digitalGoods.id, manualDistribution.digitalGoodsId))
      .where(and(...conditions))
      .orderBy(desc(createdMs), desc(manualDistribution.id))
      .limit(limit);
  }
}
