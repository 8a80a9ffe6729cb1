import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watch } from '../../db/schema.ts';
import { writeNotifications, type NewNotification } from '../notifications/index.ts';

/** The watchlist (`watch`): who watches which campaign. */
export class WatchlistRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the watch; only when it is new, writes the notifications it causes in the same transaction (so a
   * repeated call notifies nobody twice, and a failed one notifies nobody).
   */
  async add(
    userId: string,
    campaignId: string,
    notify: (watchCount: number) => NewNotification[],
  ): Promise<{ added: boolean; watchCount: number }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(watch)
        .values({ userId, campaignId })
        .onConflictDoNothing()
        .returning({ userId: watch.userId });
      const [row] = await tx.select({ n: count() }).from(watch).where(eq(watch.campaignId, campaignId));
      const watchCount = row?.n ?? 0;
      if (inserted.length > 0) await writeNotifications(tx, notify(watchCount));
      return { added: inserted.length > 0, watchCount };
    });
  }

  async remove(userId: string, campaignId: string): Promise<number> {
    await this.db.delete(watch).where(and(eq(watch.userId, userId), eq(watch.campaignId, campaignId)));
    return this.watchCount(campaignId);
  }

  async watchCount(campaignId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(watch).where(eq(watch.campaignId, campaignId));
    return row?.n ?? 0;
  }
}
