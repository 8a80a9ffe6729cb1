import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_STREAM_PATH, notificationRoutes, type NotificationStreamEvent } from '@hanabi/api';
import { sendError } from '../../http/error-handler.ts';
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

  // Streams still open when the server stops are ended first, so closing never waits on them.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
    await hub.close();
  });

  app.get(
    NOTIFICATION_STREAM_PATH,
    { config: { access: 'signedIn' }, schema: { hide: true } },
    async (request, reply) => {
      const userId = request.session?.userId;
      if (!userId) return sendError(reply, 'FORBIDDEN', 'Finish signing up first.');
      const send = (event: NotificationStreamEvent) =>
        reply.raw.write(`event: unread\ndata: ${JSON.stringify(event)}\n\n`);
      // Listen first, then count: a notification in between is not lost. Counts that arrive before the
      // headers are out wait for them.
      let ready = false;
      let early: number | null = null;
      const unsubscribe = await hub.subscribe(userId, (unreadCount) => {
        if (ready) send({ unreadCount });
        else early = unreadCount;
      });
      let first: number;
      try {
        first = await notifications.unreadCount(userId);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and friends would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      reply.raw.write('retry: 3000\n\n');
      ready = true;
      send({ unreadCount: first });
      if (early !== null && early !== first) send({ unreadCount: early });
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!reply.raw.writableEnded) reply.raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
}
