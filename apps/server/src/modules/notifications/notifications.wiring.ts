import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { NotificationHub } from './notification-hub.ts';
import { notificationMailJob } from './notification-mail.jobs.ts';
import { NotificationMailService } from './notification-mail.service.ts';
import { MailUnsubscribe } from './mail-unsubscribe.ts';
import { NotificationRepository } from './notification.repository.ts';
import { NotificationService } from './notification.service.ts';

/** Notifications: the list and read calls, their live hub, and the e-mail twins of prize news with their job. */
export function wireNotifications(ports: {
  database: Database;
  log: Logger;
  queue: JobQueue;
  mailer: Mailer;
  publicOrigin: string;
  /** Signs the one-click unsubscribe links (decision 0217). */
  authSecret: string;
}) {
  const { database, log } = ports;
  const mailUnsubscribe = new MailUnsubscribe(ports.authSecret, ports.publicOrigin, database.db);
  const repository = new NotificationRepository(database.db);
  const notifications = new NotificationService(repository);
  // Sends the e-mail twins of notifications (decision 0097).
  const notificationMail = new NotificationMailService(
    database.db,
    ports.mailer,
    ports.publicOrigin,
    log.child({ module: 'notification-mail' }),
    mailUnsubscribe,
  );
  return {
    repositories: { notifications: repository },
    services: {
      notifications,
      notificationHub: new NotificationHub(database, (userId) => notifications.unreadCount(userId), log),
      notificationMail,
      mailUnsubscribe,
    },
    jobs: [notificationMailJob(notificationMail, () => ports.queue)],
  };
}
