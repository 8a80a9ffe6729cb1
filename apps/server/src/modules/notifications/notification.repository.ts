import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, notification } from '../../db/schema.ts';
import { NOTIFICATION_CHANNEL } from './notification.writer.ts';

export type NotificationRow = typeof notification.$inferSelect;

/** A person's notifications (`notification`), newest first. */
export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async localeOf(userId: string): Promise<'ja' | 'en'> {
    const [row] = await this.db
      .select({ locale: appUser.locale })
      .from(appUser)
      .where(eq(appUser.id, userId));
    return row?.locale ?? 'ja';
  }

  /**
   * Newest first. The cursor key is the exact timestamp as text: JS dates keep milliseconds, PostgreSQL keeps
   * microseconds, and a rounded key would skip or repeat rows written within the same millisecond.
   */
  async list(
    userId: string,
    limit: number,
    before?: { key: string; id: string },
  ): Promise<(NotificationRow & { key: string })[]> {
    const at = before ? sql`${before.key}::timestamptz` : undefined;
    const rows = await this.db
      .select({ row: notification, key: sql<string>`${notification.createdAt}::text` })
      .from(notification)
      .where(
        and(
          eq(notification.userId, userId),
          before && at
            ? or(
                sql`${notification.createdAt} < ${at}`,
                and(sql`${notification.createdAt} = ${at}`, lt(notification.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(limit);
    return rows.map(({ row, key }) => ({ ...row, key }));
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notification)
      .where(and(eq(notification.userId, userId), eq(notification.isRead, false)));
    return row?.n ?? 0;
  }

  /** Marks read and announces the new count to the person's open streams (other tabs, other processes). */
  async markRead(userId: string, ids: string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(notification)
        .set({ isRead: true })
        .where(and(eq(notification.userId, userId), inArray(notification.id, ids)))
        .returning();
      if (rows.length > 0) await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
      return rows;
    });
  }
}
