import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { appUser, authUser, campaign, delivery, digitalGoods } from '../../../db/schema.ts';
import type { LivePlatform } from '@hanabi/api';
import {
  hasLinkedIdentity,
  identitiesOf,
  identityMatches,
  type PlatformIdentity,
} from '../../platform-identities/index.ts';

export type AppUserRow = typeof appUser.$inferSelect;
/**
 * A user with their sign-in e-mail, the platform accounts they linked and the exact (microsecond) creation time
 * the list cursor needs.
 */
export type AdminUserRow = AppUserRow & {
  email: string;
  identities: PlatformIdentity[];
  createdAtKey: string;
};

export interface AdminUserFilter {
  text?: string;
  type?: 'streamer' | 'audience';
  role?: 'user' | 'operator';
  platform?: LivePlatform | 'none';
  hasWallet?: boolean;
  suspended?: boolean;
  /** The `createdAtKey` and id of the last row of the previous page. */
  after?: { createdAtKey: string; id: string };
  limit: number;
}

/** `%text%` for ILIKE, with the pattern characters escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// created_at has microseconds; a millisecond ISO cursor would skip or repeat rows created in the same ms.
const createdAtKey = sql<string>`to_char(${appUser.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Reads across users and what they made or received, for the operator's user tools. */
export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  async list(filter: AdminUserFilter): Promise<AdminUserRow[]> {
    const conditions: SQL[] = [];
    if (filter.text) {
      const pattern = likePattern(filter.text);
      conditions.push(
        or(
          ilike(appUser.name, pattern),
          ilike(authUser.email, pattern),
          ilike(appUser.walletAddress, pattern),
          identityMatches(appUser.id, pattern, { ids: true }),
        )!,
      );
    }
    if (filter.type) conditions.push(eq(appUser.type, filter.type));
    if (filter.role) conditions.push(eq(appUser.role, filter.role));
    if (filter.platform === 'none') conditions.push(not(hasLinkedIdentity(appUser.id)));
    else if (filter.platform) conditions.push(hasLinkedIdentity(appUser.id, filter.platform));
    if (filter.hasWallet !== undefined) {
      conditions.push(filter.hasWallet ? isNotNull(appUser.walletAddress) : isNull(appUser.walletAddress));
    }
    if (filter.suspended !== undefined) {
      conditions.push(filter.suspended ? isNotNull(appUser.suspendedAt) : isNull(appUser.suspendedAt));
    }
    if (filter.after) {
      const at = sql`${filter.after.createdAtKey}::timestamptz`;
      conditions.push(
        sql`(${appUser.createdAt} < ${at} or (${appUser.createdAt} = ${at} and ${appUser.id} < ${filter.after.id}))`,
      );
    }
    return this.selectUsers()
      .where(and(...conditions))
      .orderBy(desc(appUser.createdAt), desc(appUser.id))
      .limit(filter.limit);
  }

  async find(id: string): Promise<AdminUserRow | null> {
    const [row] = await this.selectUsers().where(eq(appUser.id, id));
    return row ?? null;
  }

  async update(id: string, patch: Partial<Pick<AppUserRow, 'role' | 'suspendedAt'>>): Promise<void> {
    await this.db
      .update(appUser)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(appUser.id, id));
  }

  async campaignsOf(userId: string, limit: number) {
    const where = eq(campaign.streamerId, userId);
    const [list, [total]] = await Promise.all([
      this.db.select().from(campaign).where(where).orderBy(desc(campaign.createdAt)).limit(limit),
      this.db.select({ n: count() }).from(campaign).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  }

  async goodsOf(userId: string, limit: number) {
    const where = eq(digitalGoods.streamerId, userId);
    const [list, [total]] = await Promise.all([
      this.db.select().from(digitalGoods).where(where).orderBy(desc(digitalGoods.createdAt)).limit(limit),
      this.db.select({ n: count() }).from(digitalGoods).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  }

  /** Deliveries this user received. */
  async deliveriesTo(userId: string, limit: number) {
    const where = eq(delivery.recipientUserId, userId);
    const [list, [total]] = await Promise.all([
      this.db.select().from(delivery).where(where).orderBy(desc(delivery.createdAt)).limit(limit),
      this.db.select({ n: count() }).from(delivery).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  }

  private selectUsers() {
    return this.db
      .select({
        ...getTableColumns(appUser),
        email: authUser.email,
        identities: identitiesOf(appUser.id),
        createdAtKey,
      })
      .from(appUser)
      .innerJoin(authUser, eq(authUser.id, appUser.authUserId))
      .$dynamic();
  }
}
