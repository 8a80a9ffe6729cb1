// The public face of `modules/notifications`: what other folders may import from it (decision 0181); the rest is its own.
export { registerNotificationRoutes } from './notification.routes.ts';
export { writeNotifications } from './notification.writer.ts';
export type { NewNotification } from './notification.writer.ts';
export { wireNotifications } from './notifications.wiring.ts';
export { registerUnsubscribeRoutes } from './unsubscribe.routes.ts';
