import type { FastifyInstance } from 'fastify';
import { readIndexHtml } from '../../http/web-app.ts';
import { sendError } from '../../http/error-handler.ts';
import type { CampaignPageService } from './campaign-page.service.ts';
import { injectOgTags, isCrawlerRequest, MINIMAL_INDEX_HTML } from './og-tags.ts';

/**
 * `GET /campaign/{id}`: people get the SPA as on any page; crawlers (by user agent, or `crawler=true`) get the
 * SPA's index.html with the campaign's Open Graph / Twitter card tags rendered in, and its picture drawn.
 */
export function registerCampaignPageRoutes(
  app: FastifyInstance,
  pages: CampaignPageService,
  options: { webDist: string | undefined },
): void {
  app.route({
    method: 'GET',
    url: '/campaign/:id',
    config: { access: 'public', sessionless: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const indexHtml = await readIndexHtml(options.webDist);
      const crawler = isCrawlerRequest(
        request.headers['user-agent'],
        request.query as Record<string, unknown>,
      );
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!crawler) {
        if (indexHtml === null) return sendError(reply, 'NOT_FOUND', `Nothing at GET /campaign/${id}.`);
        return reply.send(indexHtml);
      }
      const tags = id.length <= 100 ? await pages.openGraph(id) : null;
      const html = indexHtml ?? MINIMAL_INDEX_HTML;
      if (!tags) return reply.status(404).send(html);
      return reply.header('vary', 'user-agent').send(injectOgTags(html, tags));
    },
  });
}
