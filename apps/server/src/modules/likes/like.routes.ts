import type { FastifyInstance } from 'fastify';
import { LikeState, likeRoutes } from '@hanabi/api';
import { ReadCache, sendJson } from '../../http/read-cache.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { LikeService } from './like.service.ts';

/**
 * The count of a campaign's or token's likes is the same for every signed-out viewer of the page: served from a
 * short cache (`publicReadCacheMs`; a like shows to them within that), signed-in callers get theirs directly.
 */
export function registerLikeRoutes(
  app: FastifyInstance,
  likes: LikeService,
  options: { publicReadCacheMs: number },
): void {
  const counts = new ReadCache<LikeState>('likeState', {
    ttlMs: options.publicReadCacheMs,
    maxEntries: 5000,
  });
  registerRoute(
    app,
    likeRoutes.getLike,
    async ({ session, params, request, reply }) => {
      if (session?.userId) return likes.get(session, params.kind, params.id);
      const entry = await counts.get(`${params.kind}:${params.id}`, async () =>
        LikeState.parse(await likes.get(null, params.kind, params.id)),
      );
      return sendJson(request, reply, entry.json, entry.etag, true);
    },
    { cacheable: true },
  );
  registerRoute(app, likeRoutes.addLike, ({ session, params }) =>
    likes.add(requireSession(session), params.kind, params.id),
  );
  registerRoute(app, likeRoutes.removeLike, ({ session, params }) =>
    likes.remove(requireSession(session), params.kind, params.id),
  );
}
