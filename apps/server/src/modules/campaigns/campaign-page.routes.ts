import type { FastifyInstance } from 'fastify';
import { registerCrawlerPage } from '../og-pages/crawler-page.routes.ts';
import type { CampaignPageService } from './campaign-page.service.ts';

/**
 * `GET /campaign/{id}`: people get the SPA with the campaign's first paint (title, cover, prize) and the page's
 * scripts preloaded; crawlers (by user agent, or `crawler=true`) get the
 * SPA's index.html with the campaign's Open Graph / Twitter card tags rendered in, and its picture drawn.
 */
export function registerCampaignPageRoutes(
  app: FastifyInstance,
  pages: CampaignPageService,
  options: { webDist: string | undefined; pageConfig?: Record<string, unknown> },
): void {
  registerCrawlerPage(app, '/campaign/:id', (id) => pages.openGraph(id), {
    webDist: options.webDist,
    paint: {
      routeModule: 'src/features/campaigns/pages/campaign-detail.page.tsx',
      firstPaint: (id) => pages.firstPaint(id),
      // The public config rides along, so the page's first load needs no `GET /api/config` either.
      ...(options.pageConfig ? { sharedData: { config: options.pageConfig } } : {}),
    },
  });
}
