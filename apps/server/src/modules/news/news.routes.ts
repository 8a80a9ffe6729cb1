import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { NewsService } from './news.service.ts';

/** `/api/news…` (public list; operators write) and the operators' list `/api/admin/news`. */
export function registerNewsRoutes(app: FastifyInstance, news: NewsService): void {
  registerRoute(app, apiRoutes.listNews, ({ query }) => news.listPublished(query.limit, query.nextCursor));

  registerRoute(app, apiRoutes.adminListNews, ({ query }) =>
    news.listAll(query.limit, query.state, query.nextCursor),
  );

  registerRoute(app, apiRoutes.createNews, ({ body, session }) =>
    news.create(body, requireSession(session).userId!),
  );

  registerRoute(app, apiRoutes.updateNews, ({ params, body }) => news.update(params.id, body));

  registerRoute(app, apiRoutes.deleteNews, async ({ params }) => {
    await news.delete(params.id);
    return null;
  });
}
