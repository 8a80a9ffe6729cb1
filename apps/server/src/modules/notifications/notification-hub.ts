import { ChannelHub } from '../../db/channel-hub.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { NOTIFICATION_CHANNEL } from './notification.writer.ts';

/** Something that wants a user's unread count whenever it may have changed (an open event stream). */
export type UnreadListener = (unreadCount: number) => void;

/**
 * Fans notifications out to this process's open streams. The payload of {@link NOTIFICATION_CHANNEL} is the
 * recipient's user id; each process looks up that user's unread count once, for however many tabs they have
 * open here, and only when they have one.
 */
export class NotificationHub extends ChannelHub<number> {
  constructor(database: Database, unreadCount: (userId: string) => Promise<number>, log: Logger) {
    super(
      database,
      NOTIFICATION_CHANNEL,
      (userId) => ({ key: userId, value: () => unreadCount(userId) }),
      log,
    );
  }
}
