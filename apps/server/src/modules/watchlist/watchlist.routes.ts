import type { FastifyInstance } from 'fastify';
import { watchlistRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { WatchlistService } from './watchlist.service.ts';

export function registerWatchlistRoutes(app: FastifyInstance, watchlist: WatchlistService): void {
  registerRoute(app, watchlistRoutes.addWatch, ({ session, params, body }) =>
    watchlist.add(requireSession(session), params.userId, body.campaignId),
  );
  registerRoute(app, watchlistRoutes.removeWatch, ({ session, params, query }) =>
    watchlist.remove(requireSession(session), params.userId, query.campaignId),
  );
}
