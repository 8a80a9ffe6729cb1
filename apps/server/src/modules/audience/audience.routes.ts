import type { FastifyInstance } from 'fastify';
import type { Audience } from './audience.wiring.ts';
import { registerNotificationRoutes, registerUnsubscribeRoutes } from '../notifications/index.ts';
import { registerWatchlistRoutes } from '../watchlist/index.ts';
import { registerLikeRoutes } from '../likes/index.ts';
import { registerStreamerRoutes } from '../streamers/index.ts';
import { registerCollectionRoutes } from '../collection/index.ts';
import { registerCrawlerPage } from '../og-pages/index.ts';
import { signInStepPaint, type SignInProviders } from '../og-pages/index.ts';

/**
 * The routes of the audience side: notifications (and their event stream), watchlist, likes, streamers,
 * collections, and the streamer and token pages for crawlers.
 */
export function registerAudienceRoutes(
  app: FastifyInstance,
  services: Audience['services'],
  options: {
    webDist: string | undefined;
    publicReadCacheMs: number;
    signInProviders?: SignInProviders;
    /** Embedded mode: the sign-in step shows the dev mailbox's hint. */
    devMailbox?: boolean;
  },
): void {
  registerNotificationRoutes(app, services.notifications, services.notificationHub);
  registerUnsubscribeRoutes(app, services.mailUnsubscribe);
  registerWatchlistRoutes(app, services.watchlist);
  registerLikeRoutes(app, services.likes, options);
  registerStreamerRoutes(app, services.streamers, options);
  registerCollectionRoutes(app, services.collection);
  const pages = { webDist: options.webDist };
  // Signed out, a streamer page is the sign-in step (the web's route rules): the server draws that (decision 0120).
  registerCrawlerPage(
    app,
    '/audience/streamer/:id',
    (id, locale) => services.streamerPages.openGraph(id, locale),
    {
      ...pages,
      paint: options.signInProviders && {
        routeModule: 'src/features/streamers/pages/streamer-profile.page.tsx',
        firstPaint: signInStepPaint(options.webDist, options.signInProviders, options.devMailbox),
        variesByCookie: true,
      },
    },
  );
  registerCrawlerPage(
    app,
    '/collection/:id',
    (id, locale) => services.collectionPages.openGraph(id, locale),
    pages,
  );
}
