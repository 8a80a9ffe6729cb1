import type { FastifyInstance } from 'fastify';
import { StreamerProfile, streamerRoutes } from '@hanabi/api';
import { ReadCache, sendJson } from '../../http/read-cache.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { StreamerService } from './streamer.service.ts';

export function registerStreamerRoutes(
  app: FastifyInstance,
  streamers: StreamerService,
  options: { publicReadCacheMs: number },
): void {
  const routes = streamerRoutes;
  registerRoute(app, routes.listStreamers, ({ session, query }) => streamers.list(session, query));
  // A streamer's page as signed-out viewers see it, from a short cache (changes show within its life).
  const profiles = new ReadCache<StreamerProfile>('streamerProfile', {
    ttlMs: options.publicReadCacheMs,
    maxEntries: 2000,
  });
  registerRoute(
    app,
    routes.getStreamer,
    async ({ session, params, request, reply }) => {
      if (session?.userId) return streamers.get(session, params.id);
      const entry = await profiles.get(params.id, async () =>
        StreamerProfile.parse(await streamers.get(null, params.id)),
      );
      return sendJson(request, reply, entry.json, entry.etag, true);
    },
    { cacheable: true },
  );
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
