import type { FastifyInstance } from 'fastify';
import { entityId, type PublicDraw } from '@hanabi/api';
import {
  builtPaintModule,
  firstPaintFrame,
  paintLocale,
  registerCrawlerPage,
  unlessNotFound,
} from '../og-pages/index.ts';
import type { PublicDrawService } from './public-draw.service.ts';

/** What the web build's `dist/.first-paint/draw-proof.mjs` exports (`apps/web/build/first-paint.plugin.ts`). */
export interface DrawProofPaintModule {
  /** The page's first screen (escaped markup) in the language, for the draw; `origin` starts the verify command. */
  render(locale: 'ja' | 'en', draw: PublicDraw, origin: string): string;
}

const ROUTE_MODULE = 'src/features/draws/pages/draw-proof.page.tsx';
const validId = entityId();

/**
 * `/draw/{id}`, the public proof of a draw (decision 0194): people get the SPA with the page's first screen drawn
 * by the web build's markup from the same public read `GET /api/draw/{id}` answers with, in the visitor's language,
 * and that body in the page (the app asks nothing more before it shows). The verify command names the configured
 * public origin, which is what the browser's `location.origin` is, never the request's Host header (a cache in
 * front would otherwise keep a page telling everyone to check another site). Unknown ids, drafts and a build
 * without the paint get the plain shell (the app says "not found" itself). Drawn per request: the language is the
 * visitor's cookie, and the read is the one the app's own request would have cost.
 */
export function registerDrawProofPage(
  app: FastifyInstance,
  publicDraws: PublicDrawService,
  options: { webDist: string | undefined; publicOrigin: string },
): void {
  registerCrawlerPage(app, '/draw/:id', null, {
    webDist: options.webDist,
    paint: {
      routeModule: ROUTE_MODULE,
      variesByCookie: true,
      firstPaint: async (id, request) => {
        if (!validId.safeParse(id).success) return null;
        const paint = await builtPaintModule<DrawProofPaintModule>(options.webDist, 'draw-proof');
        if (!paint) return null;
        const draw = await unlessNotFound(publicDraws.get(id));
        if (!draw) return null;
        const locale = paintLocale(request.headers.cookie);
        return {
          markup: firstPaintFrame(paint.render(locale, draw, options.publicOrigin)),
          preloadImages: [],
          lang: locale,
          data: { draw },
        };
      },
    },
  });
}
