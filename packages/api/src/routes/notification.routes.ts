import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { NOTIFICATION_TYPES, UPLOAD } from '../constants.ts';

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** A notification of the original: its text in the reader's language, where it leads, read or not. */
export const Notification = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  text: z.string(),
  href: z.string().nullable(),
  hrefId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATION_LIMITS = { defaultPageSize: 20, readAllMax: 1000 } as const;

export const NotificationListQuery = z.object({
  /** Your own user id (the original's query); anyone else's answers 403. */
  userId: entityId(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(UPLOAD.maxListPageSize)
    .default(NOTIFICATION_LIMITS.defaultPageSize),
  cursor: text().max(500).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z.object({
  list: z.array(Notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationIdParams = z.object({ id: entityId() });
export const ReadAllBody = z.object({
  items: z.array(entityId()).min(1).max(NOTIFICATION_LIMITS.readAllMax),
});
export type ReadAllBody = z.infer<typeof ReadAllBody>;

export const ReadAllResult = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

/**
 * Live updates: `GET` this path (signed in; cookie or bearer) for a `text/event-stream`. It is not in the route
 * table because it never ends (the access matrix calls every route and waits for the answer). Each `unread`
 * event's data is {@link NotificationStreamEvent} JSON; the first one comes right away.
 */
export const NOTIFICATION_STREAM_PATH = '/api/notification/stream';
export const NotificationStreamEvent = z.object({ unreadCount: z.number().int() });
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEvent>;

export const notificationRoutes = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/api/notification',
    access: 'signedIn',
    summary: 'Your notifications, newest first, cursor paged, with the unread count',
    query: NotificationListQuery,
    response: NotificationList,
  }),
  readNotification: defineRoute({
    method: 'POST',
    path: '/api/notification/:id/read',
    access: 'signedIn',
    summary: 'Mark one of your notifications read',
    params: NotificationIdParams,
    response: Notification,
  }),
  readAllNotifications: defineRoute({
    method: 'POST',
    path: '/api/notification/readall',
    access: 'signedIn',
    summary: 'Mark the listed notifications of yours read (others’ ids are ignored)',
    body: ReadAllBody,
    response: ReadAllResult,
  }),
};
