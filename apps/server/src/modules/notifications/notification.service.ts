import type { Notification, NotificationList, NotificationListQuery } from '@hanabi/api';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { notificationText } from './notification-text.ts';
import type { NotificationRepository, NotificationRow } from './notification.repository.ts';

function toNotification(row: NotificationRow, locale: 'ja' | 'en'): Notification {
  return {
    id: row.id,
    type: row.type,
    text: notificationText(row.type, row.params, locale),
    href: row.href,
    hrefId: row.hrefId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reading your own notifications: the list (texts in your language), the unread count, marking read. */
export class NotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  async list(session: SessionUser, query: NotificationListQuery): Promise<NotificationList> {
    if (session.userId !== query.userId)
      throw forbidden('notYourNotifications', 'You can only read your own notifications.');
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const [rows, unreadCount, locale] = await Promise.all([
      this.notifications.list(
        query.userId,
        query.limit + 1,
        after ? { key: String(after.sortValue), id: after.id } : undefined,
      ),
      this.notifications.unreadCount(query.userId),
      this.notifications.localeOf(query.userId),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      list: page.map((row) => toNotification(row, locale)),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.key, last.id) : null,
      unreadCount,
    };
  }

  async read(session: SessionUser, id: string): Promise<Notification> {
    // Someone else's notification is "not found": ids of others are nobody's business.
    const [row] = session.userId ? await this.notifications.markRead(session.userId, [id]) : [];
    if (!row) throw notFound('notificationNotFound', 'No notification of yours with this id.');
    return toNotification(row, await this.notifications.localeOf(row.userId));
  }

  async readAll(session: SessionUser, ids: string[]): Promise<{ updated: number; unreadCount: number }> {
    if (!session.userId) throw forbidden('signUpUnfinished', 'Finish signing up first.');
    const rows = await this.notifications.markRead(session.userId, [...new Set(ids)]);
    return { updated: rows.length, unreadCount: await this.notifications.unreadCount(session.userId) };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notifications.unreadCount(userId);
  }
}
