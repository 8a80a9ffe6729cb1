import type { FastifyInstance } from 'fastify';
import { apiRoutes, NewsList } from '@hanabi/api';
import type { z } from 'zod';
import type { CacheBus } from '../../db/cache-bus.ts';
import { ReadCache, sendJson } from '../../http/read-cache.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { NewsService } from './news.service.ts';

/**
 * `/api/news…` (public list; operators write) and the operators' list `/api/admin/news`. The public list is
 * the same for everyone: pages come from a short read cache (scheduled news appears within its life), which
 * every write drops in every process.
 */
export async function registerNewsRoutes(
  app: FastifyInstance,
  news: NewsService,
  options: { publicReadCacheMs: number; cacheBus: CacheBus },
): Promise<void> {
  const pages = new ReadCache<z.infer<typeof NewsList>>('newsList', {
    ttlMs: options.publicReadCacheMs,
    maxEntries: 500,
  });
  await options.cacheBus.attach(pages);
  const changed = () => options.cacheBus.publish(pages.name);
  registerRoute(
    app,
    apiRoutes.listNews,
    async ({ query, request, reply }) => {
      const entry = await pages.get(`${query.limit}:${query.nextCursor ?? ''}`, async () =>
        NewsList.parse(await news.listPublished(query.limit, query.nextCursor)),
      );
      return sendJson(request, reply, entry.json, entry.etag, true);
    },
    { cacheable: true },
  );

  registerRoute(app, apiRoutes.adminListNews, ({ query }) =>
    news.listAll(query.limit, query.state, query.nextCursor),
  );

  registerRoute(app, apiRoutes.createNews, async ({ body, session }) => {
    const created = await news.create(body, requireSession(session).userId!);
    await changed();
    return created;
  });

  registerRoute(app, apiRoutes.updateNews, async ({ params, body }) => {
    const updated = await news.update(params.id, body);
    await changed();
    return updated;
  });

  registerRoute(app, apiRoutes.deleteNews, async ({ params }) => {
    await news.delete(params.id);
    await changed();
    return null;
  });
}
