import type { FastifyInstance } from 'fastify';
import { liveRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { LiveStreamService } from './live-stream.service.ts';

export function registerLiveStreamRoutes(app: FastifyInstance, streams: LiveStreamService): void {
  const routes = liveRoutes;
  registerRoute(app, routes.startLiveStream, ({ session, params, body }) =>
    streams.start(requireSession(session), params.id, body.platform),
  );
  registerRoute(app, routes.stopLiveStream, ({ session, params, query }) =>
    streams.stop(requireSession(session), params.id, query.platform),
  );
  registerRoute(app, routes.youtubeComments, ({ session, params, query }) =>
    streams.comments(requireSession(session), 'youtube', params.a, params.b, query),
  );
  registerRoute(app, routes.twitcastingComments, ({ session, params, query }) =>
    streams.comments(requireSession(session), 'twitcasting', params.a, params.b, query),
  );
}
