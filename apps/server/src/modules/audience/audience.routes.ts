import type { FastifyInstance } from 'fastify';
import type { Audience } from './audience.wiring.ts';
import { registerNotificationRoutes } from '../notifications/notification.routes.ts';
import { registerWatchlistRoutes } from '../watchlist/watchlist.routes.ts';
import { registerLikeRoutes } from '../likes/like.routes.ts';
import { registerStreamerRoutes } from '../streamers/streamer.routes.ts';
import { registerCollectionRoutes } from '../collection/collection.routes.ts';

/** The routes of the audience side: notifications (and their event stream), watchlist, likes, streamers, collections. */
export function registerAudienceRoutes(app: FastifyInstance, services: Audience['services']): void {
  registerNotificationRoutes(app, services.notifications, services.notificationHub);
  registerWatchlistRoutes(app, services.watchlist);
  registerLikeRoutes(app, services.likes);
  registerStreamerRoutes(app, services.streamers);
  registerCollectionRoutes(app, services.collection);
}
