import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, sendHtml } from '../../http/read-cache.ts';
import { appShellOf, sendAppShell } from '../../http/web-app.ts';
import { sendNothingHere } from '../../http/error-handler.ts';
import { injectFirstPaint, routeModulePreloads, type FirstPaint } from './first-paint.ts';
import { injectOgTags, isCrawlerRequest, MINIMAL_INDEX_HTML, type OgTags } from './og-tags.ts';
import { ogLocale, type OgLocale } from './og-locale.ts';

/** Longest id a page looks up; anything longer cannot exist and is not worth a query. */
const ID_MAX = 100;

/** How people (not crawlers) get the page: its first paint and the web module of its route (decision 0101). */
export interface PagePaint {
  /** The route's module in the web build's Vite manifest, e.g. `src/features/x/pages/x.page.tsx`. */
  routeModule: string;
  /**
   * The page's content as the server can draw it before script runs; null when there is none to show. A paint
   * that depends on the request (its cookies: language, signed in or not) sets `variesByCookie` and has no
   * `version`, so it is drawn per request and never kept.
   */
  firstPaint?: (id: string, request: FastifyRequest) => Promise<FirstPaint | null>;
  variesByCookie?: boolean;
  /** Data every painted page carries besides its own (the public config), the same for the process's life. */
  sharedData?: Record<string, unknown>;
}

/** Painted pages kept per page id (the newest version of each), the oldest dropped first. */
const PAINTED_MAX = 2000;

/**
 * A public SPA page with its own Open Graph tags: people get the SPA with the page's first paint in `#root` and
 * its route's scripts preloaded; crawlers (by user agent, or `crawler=true`) get the SPA's index.html with the
 * page's tags rendered in (404 when there is nothing to show), so a link preview works without running script.
 * A page without tags of its own (`tagsFor` null) gives crawlers what people get: its text is in the first paint.
 */
export function registerCrawlerPage(
  app: FastifyInstance,
  path: `${string}/:id`,
  tagsFor: ((id: string, locale: OgLocale) => Promise<OgTags | null>) | null,
  options: { webDist: string | undefined; paint?: PagePaint },
): void {
  const preloads = routeModulePreloads(options.webDist);
  // A burst opens the same page thousands of times: it is put together once per version of what it shows (the
  // shell, the paint's reads), with its ETag and compressed bodies, not per request.
  const painted = new Map<string, { key: string; html: string; etag: string }>();
  const paintedPage = (id: string, shellTag: string, paint: PagePaint, firstPaint: FirstPaint | null) => {
    const key = `${shellTag}\n${firstPaint?.version ?? ''}`;
    const hit = painted.get(id);
    if (hit?.key === key && firstPaint?.version !== undefined) return hit;
    const html = injectFirstPaint(
      appShellOf(options.webDist)!.identity.body.toString('utf8'),
      firstPaint && { ...firstPaint, data: firstPaint.data && { ...paint.sharedData, ...firstPaint.data } },
      preloads(firstPaint?.routeModule ?? paint.routeModule),
    );
    const page = { key, html, etag: etagOf(html) };
    if (firstPaint?.version === undefined) return page;
    painted.delete(id);
    painted.set(id, page);
    if (painted.size > PAINTED_MAX) painted.delete(painted.keys().next().value as string);
    return page;
  };
  app.route({
    method: 'GET',
    url: path,
    // The app shell for people (thousands open a campaign link at once): outside the per-IP API budget.
    config: { access: 'public', sessionless: true, outsideRateLimit: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      // The shell from memory, precompressed, with its ETag (a burst of viewers costs no file reads).
      const shell = appShellOf(options.webDist);
      const crawler =
        tagsFor !== null &&
        isCrawlerRequest(request.headers['user-agent'], request.query as Record<string, unknown>);
      if (!crawler) {
        if (shell === null) {
          return sendNothingHere(request, reply);
        }
        const paint = options.paint;
        if (!paint) return sendAppShell(request, reply, shell);
        const firstPaint =
          id.length <= ID_MAX && paint.firstPaint ? await paint.firstPaint(id, request) : null;
        const page = paintedPage(id, shell.identity.etag, paint, firstPaint);
        const vary = paint.variesByCookie ? 'accept-encoding, cookie' : 'accept-encoding';
        return sendHtml(request, reply, page.html, page.etag, vary);
      }
      // The texts follow the language asked for (decision 0220), so a cache keeps one answer per language.
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'user-agent, accept-language, cookie, x-facebook-locale')
        .type('text/html; charset=utf-8');
      const locale = ogLocale(request);
      const tags = id.length <= ID_MAX ? await tagsFor!(id, locale) : null;
      const html = shell?.identity.body.toString('utf8') ?? MINIMAL_INDEX_HTML;
      if (!tags) return reply.status(404).send(html);
      // Japanese is the default; another language's page names itself, so a re-fetch of og:url stays in it.
      const url = locale === 'ja' ? tags.url : `${tags.url}?lang=${locale}`;
      return reply.send(injectOgTags(html, { ...tags, url }));
    },
  });
}
