import type { FastifyInstance } from 'fastify';
import { CampaignResults, campaignResultsRoutes, drawProofRoutes, drawRoutes, liveRoutes } from '@hanabi/api';
import type { CacheBus } from '../../db/cache-bus.ts';
import { campaignNotFound } from '../../lib/app-error.ts';
import { ReadCache, sendJson } from '../../http/read-cache.ts';
import { readIdempotencyKey } from '../../http/idempotency.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import { unlessNotFound } from '../og-pages/index.ts';
import { CAMPAIGN_RESULTS_CACHE } from '../live-events/index.ts';
import { registerDrawProofPage } from './draw-proof-page.routes.ts';
import type { DrawsArea } from './draws.wiring.ts';
import { LIVE_PLATFORMS, type LivePlatform } from '@hanabi/api';

/** Each platform's draw routes in the contract, which names them per platform (the original client calls them). */
const PLATFORM_DRAW_ROUTES = {
  youtube: {
    list: drawRoutes.youtubeWinners,
    draw: drawRoutes.youtubeDraw,
    edit: drawRoutes.youtubeEditWinners,
    start: drawRoutes.youtubeStartSchedule,
    stop: drawRoutes.youtubeStopSchedule,
  },
  twitcasting: {
    list: drawRoutes.twitcastingWinners,
    draw: drawRoutes.twitcastingDraw,
    edit: drawRoutes.twitcastingEditWinners,
    start: drawRoutes.twitcastingStartSchedule,
    stop: drawRoutes.twitcastingStopSchedule,
  },
} satisfies Record<LivePlatform, Record<'list' | 'draw' | 'edit' | 'start' | 'stop', unknown>>;

/** Draws, winners, schedules, results, distribution, proofs (draw.routes.ts, draw-proof.routes.ts) and the live overview/overlay. */
export async function registerDrawRoutes(
  app: FastifyInstance,
  area: DrawsArea,
  options: {
    publicReadCacheMs: number;
    cacheBus: CacheBus;
    /** The web build and the public origin, for the proof page's first paint (decision 0194). */
    webDist: string | undefined;
    publicOrigin: string;
  },
): Promise<{ publicResults: (campaignId: string) => Promise<{ json: string; etag: string } | null> }> {
  const { winners, schedules, distribution, results, publicDraws, campaignResults } = area.services;
  for (const platform of LIVE_PLATFORMS) {
    const routes = PLATFORM_DRAW_ROUTES[platform];
    const at = (params: { a: string; b: string }) => ({ platform, a: params.a, b: params.b });
    registerRoute(app, routes.list, ({ session, params, query }) =>
      winners.list(requireSession(session), at(params), query.campaignId),
    );
    registerRoute(app, routes.draw, ({ session, params, body, request }) =>
      winners.draw(requireSession(session), at(params), body, readIdempotencyKey(request.headers)),
    );
    registerRoute(app, routes.edit, ({ session, params, body, request }) =>
      winners.edit(requireSession(session), at(params), body, readIdempotencyKey(request.headers)),
    );
    registerRoute(app, routes.start, ({ session, params, body }) =>
      schedules.start(requireSession(session), at(params), body.campaignId),
    );
    registerRoute(app, routes.stop, ({ session, params, query }) =>
      schedules.stop(requireSession(session), at(params), query.campaignId),
    );
  }
  registerRoute(app, drawRoutes.liveResult, ({ session, params, query }) =>
    results.result(requireSession(session), params.id, query.platformType),
  );
  registerRoute(app, drawRoutes.distributeYoutube, ({ session, params }) =>
    distribution.distribute(requireSession(session), params.id, 'youtube'),
  );
  registerRoute(app, drawRoutes.distributeTwitcasting, ({ session, params }) =>
    distribution.distribute(requireSession(session), params.id, 'twitcasting'),
  );
  registerRoute(app, drawProofRoutes.publicDraw, ({ params }) => publicDraws.get(params.id));
  registerRoute(app, drawProofRoutes.drawProof, ({ params }) => publicDraws.proof(params.id));
  registerDrawProofPage(app, publicDraws, { webDist: options.webDist, publicOrigin: options.publicOrigin });
  registerRoute(app, liveRoutes.liveOverview, ({ session, params }) =>
    results.overview(requireSession(session), params.id),
  );
  registerRoute(app, liveRoutes.liveOverlay, ({ params }) => results.overlay(params.id));
  // A campaign's results are the same for everyone and asked by every viewer of its page: one load per campaign
  // and change. Every change they show is announced as a live event, which drops the entry in every process
  // (publishLiveEvent); the time to live bounds the rest (a campaign's status by time, a suspension).
  const resultsCache = new ReadCache<CampaignResults>(CAMPAIGN_RESULTS_CACHE, {
    ttlMs: options.publicReadCacheMs,
    maxEntries: 2000,
  });
  await options.cacheBus.attach(resultsCache);
  const publicResults = async (campaignId: string) => {
    const entry = await resultsCache.get(campaignId, async () => {
      const found = await unlessNotFound(campaignResults.results(campaignId));
      return found && CampaignResults.parse(found);
    });
    return entry.value ? { json: entry.json, etag: entry.etag } : null;
  };
  registerRoute(
    app,
    campaignResultsRoutes.campaignResults,
    async ({ params, request, reply }) => {
      const entry = await publicResults(params.id);
      if (!entry) throw campaignNotFound();
      return sendJson(request, reply, entry.json, entry.etag, true);
    },
    { cacheable: true },
  );
  registerRoute(app, campaignResultsRoutes.myCampaignResults, ({ session, params }) =>
    campaignResults.mine(requireSession(session), params.id),
  );
  // The campaign page carries the same cached body (decision 0113), so its first load asks for no results.
  return { publicResults };
}
