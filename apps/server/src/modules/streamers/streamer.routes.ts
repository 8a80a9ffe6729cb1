import type { FastifyInstance } from 'fastify';
import { streamerRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { StreamerService } from './streamer.service.ts';

export function registerStreamerRoutes(app: FastifyInstance, streamers: StreamerService): void {
  const routes = streamerRoutes;
  registerRoute(app, routes.listStreamers, ({ session, query }) => streamers.list(session, query));
  registerRoute(app, routes.getStreamer, ({ session, params }) => streamers.get(session, params.id));
  registerRoute(app, routes.followStreamer, ({ session, params }) =>
    streamers.follow(requireSession(session), params.id),
  );
  registerRoute(app, routes.unfollowStreamer, ({ session, params }) =>
    streamers.unfollow(requireSession(session), params.id),
  );
  registerRoute(app, routes.searchUsers, ({ session, query }) =>
    streamers.searchUsers(requireSession(session), query),
  );
}
