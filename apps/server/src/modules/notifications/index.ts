// The public face of `modules/notifications`: what other folders may import from it (decision 0181); the rest is its own.
export { NotificationHub } from './notification-hub.ts';
export { notificationMailJob } from './notification-mail.jobs.ts';
export { NotificationMailService } from './notification-mail.service.ts';
export { NotificationRepository } from './notification.repository.ts';
export { registerNotificationRoutes } from './notification.routes.ts';
export { NotificationService } from './notification.service.ts';
export { writeNotifications } from './notification.writer.ts';
export type { NewNotification } from './notification.writer.ts';
