import type { FastifyInstance } from 'fastify';
import { registerCrawlerPage } from '../og-pages/index.ts';
import type { CampaignPageService } from './campaign-page.service.ts';

/** A campaign's cached public results (`GET /api/campaign/{id}/results`' body and ETag), null when hidden. */
export type PageResults = (campaignId: string) => Promise<{ json: string; etag: string } | null>;

/**
 * `GET /campaign/{id}`: people get the SPA with the campaign's first paint (title, cover, prize) and the page's
 * scripts preloaded; crawlers (by user agent, or `crawler=true`) get the
 * SPA's index.html with the campaign's Open Graph / Twitter card tags rendered in, and its picture drawn.
 */
export function registerCampaignPageRoutes(
  app: FastifyInstance,
  pages: CampaignPageService,
  options: { webDist: string | undefined; pageConfig?: Record<string, unknown>; pageResults?: PageResults },
): void {
  const { pageResults } = options;
  // Parsed once per version of the results, not per open (the page itself is memoised by the same version).
  const parsed = new Map<string, { etag: string; value: unknown }>();
  const resultsOf = (id: string, results: { json: string; etag: string }) => {
    let hit = parsed.get(id);
    if (hit?.etag !== results.etag) {
      hit = { etag: results.etag, value: JSON.parse(results.json) as unknown };
      parsed.delete(id);
      parsed.set(id, hit);
      if (parsed.size > 2000) parsed.delete(parsed.keys().next().value as string);
    }
    return hit.value;
  };
  registerCrawlerPage(app, '/campaign/:id', (id, locale) => pages.openGraph(id, locale), {
    webDist: options.webDist,
    paint: {
      routeModule: 'src/features/campaigns/pages/campaign-detail.page.tsx',
      firstPaint: async (id) => {
        const paint = await pages.firstPaint(id);
        const campaign = paint?.data?.campaign as { status?: string } | undefined;
        // A scheduled campaign's page shows no results; any other carries the cached public results too.
        if (!paint || !pageResults || campaign?.status === 'scheduled') return paint;
        const results = await pageResults(id);
        if (!results) return paint;
        return {
          ...paint,
          data: { ...paint.data, results: resultsOf(id, results) },
          version: `${paint.version ?? ''} ${results.etag}`,
        };
      },
      // The public config rides along, so the page's first load needs no `GET /api/config` either.
      ...(options.pageConfig ? { sharedData: { config: options.pageConfig } } : {}),
    },
  });
}
