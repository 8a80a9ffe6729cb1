import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_STREAM_PATH, notificationRoutes, NotificationStreamEvent } from '@hanabi/api';
import { sendError } from '../../http/error-handler.ts';
import {
  errorResponse,
  eventStreamResponse,
  securityFor,
  type OpenApiPaths,
} from '../../http/openapi-describe.ts';
import { eventStreams, type EventStream } from '../../http/event-stream.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { NotificationHub } from './notification-hub.ts';
import type { NotificationService } from './notification.service.ts';

/** Proxies close idle connections after a minute or so; a comment line every 25 s keeps the stream open. */
const HEARTBEAT_MS = 25_000;

export function registerNotificationRoutes(
  app: FastifyInstance,
  notifications: NotificationService,
  hub: NotificationHub,
): void {
  const routes = notificationRoutes;
  registerRoute(app, routes.listNotifications, ({ session, query }) =>
    notifications.list(requireSession(session), query),
  );
  registerRoute(app, routes.readNotification, ({ session, params }) =>
    notifications.read(requireSession(session), params.id),
  );
  registerRoute(app, routes.readAllNotifications, ({ session, body }) =>
    notifications.readAll(requireSession(session), body.items),
  );

  const streams = eventStreams(app, () => hub.close(), { heartbeatMs: HEARTBEAT_MS });

  app.get(
    NOTIFICATION_STREAM_PATH,
    // A stream the generator cannot infer: described by hand in `config.openapi` (decision 0216).
    { config: { access: 'signedIn', openapi: notificationStreamOpenApi }, schema: { hide: true } },
    async (request, reply) => {
      const userId = request.session?.userId;
      if (!userId)
        return sendError(reply, 'FORBIDDEN', 'Finish signing up first.', undefined, 'signUpUnfinished');
      const unread = (unreadCount: number): NotificationStreamEvent => ({ unreadCount });
      // Listen first, then count: a notification in between is not lost. Counts that arrive before the
      // stream is open wait for it.
      let stream: EventStream | null = null;
      let early: number | null = null;
      const unsubscribe = await streams.admit(
        request,
        reply,
        () =>
          hub.subscribe(userId, (unreadCount) => {
            if (stream) stream.send('unread', unread(unreadCount));
            else early = unreadCount;
          }),
        userId,
      );
      if (!unsubscribe) return reply;
      let first: number;
      try {
        first = await notifications.unreadCount(userId);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      const opened = streams.start(request, reply, { cleanup: unsubscribe });
      opened.send('unread', unread(first));
      if (early !== null && early !== first) opened.send('unread', unread(early));
      stream = opened;
    },
  );
}

const notificationStreamOpenApi: OpenApiPaths = {
  [NOTIFICATION_STREAM_PATH]: {
    get: {
      operationId: 'notificationStream',
      summary: 'The unread notification count, live (Server-Sent Events)',
      description:
        'Never ends. The count on open, then again whenever it changes; a `: ping` comment every 25 s.',
      tags: ['notification'],
      security: securityFor('signedIn'),
      'x-hanabi-access': 'signedIn',
      responses: {
        200: eventStreamResponse('The event stream', NotificationStreamEvent),
        401: errorResponse('Signed out'),
        403: errorResponse('Sign-up not finished'),
        429: errorResponse('Too many open streams from this address or person'),
      },
    },
  },
};
