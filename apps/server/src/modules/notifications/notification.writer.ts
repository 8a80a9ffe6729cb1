import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notification } from '../../db/schema.ts';

import type { NotificationType } from '@hanabi/api';

/** The PostgreSQL channel a new notification is announced on (payload: the recipient's user id). */
export const NOTIFICATION_CHANNEL = 'hanabi_notification';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Fill the type's text in the reader's language (names, counts). */
  params?: Record<string, string | number>;
  href?: string | null;
  hrefId?: string | null;
  /** Also send it by e-mail to those who allow it (decision 0097): the mail job picks it up after commit. */
  mail?: boolean;
}

/** A database handle or a transaction on it: notifications are written with the decision that causes them. */
export type DbOrTx = Pick<Db, 'insert' | 'execute'>;

/**
 * Writes notifications and announces each recipient on {@link NOTIFICATION_CHANNEL}. Called inside the
 * transaction of the event (a delivery confirmed, a campaign watched), so PostgreSQL delivers the NOTIFY only
 * if that transaction commits.
 */
export async function writeNotifications(db: DbOrTx, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notification).values(
    items.map((item) => ({
      id: crypto.randomUUID(),
      userId: item.userId,
      type: item.type,
      params: item.params ?? {},
      href: item.href ?? null,
      hrefId: item.hrefId ?? null,
      mailState: item.mail ? ('pending' as const) : null,
    })),
  );
  for (const userId of new Set(items.map((item) => item.userId))) {
    await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
  }
}
