import type { FastifyInstance } from 'fastify';
import { campaignResultsRoutes, drawRoutes, liveRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { DrawsArea } from './draws.wiring.ts';

/** Draws, winners, schedules, results, distribution, proofs (draw.routes.ts) and the live overview/overlay. */
export function registerDrawRoutes(app: FastifyInstance, area: DrawsArea): void {
  const { winners, schedules, distribution, results, publicDraws, campaignResults } = area.services;
  for (const platform of ['youtube', 'twitcasting'] as const) {
    const routes =
      platform === 'youtube'
        ? {
            list: drawRoutes.youtubeWinners,
            draw: drawRoutes.youtubeDraw,
            edit: drawRoutes.youtubeEditWinners,
            start: drawRoutes.youtubeStartSchedule,
            stop: drawRoutes.youtubeStopSchedule,
          }
        : {
            list: drawRoutes.twitcastingWinners,
            draw: drawRoutes.twitcastingDraw,
            edit: drawRoutes.twitcastingEditWinners,
            start: drawRoutes.twitcastingStartSchedule,
            stop: drawRoutes.twitcastingStopSchedule,
          };
    const at = (params: { a: string; b: string }) => ({ platform, a: params.a, b: params.b });
    registerRoute(app, routes.list, ({ session, params, query }) =>
      winners.list(requireSession(session), at(params), query.campaignId),
    );
    registerRoute(app, routes.draw, ({ session, params, body }) =>
      winners.draw(requireSession(session), at(params), body),
    );
    registerRoute(app, routes.edit, ({ session, params, body }) =>
      winners.edit(requireSession(session), at(params), body),
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
  registerRoute(app, drawRoutes.publicDraw, ({ params }) => publicDraws.get(params.id));
  registerRoute(app, drawRoutes.drawProof, ({ params }) => publicDraws.proof(params.id));
  registerRoute(app, liveRoutes.liveOverview, ({ session, params }) =>
    results.overview(requireSession(session), params.id),
  );
  registerRoute(app, liveRoutes.liveOverlay, ({ params }) => results.overlay(params.id));
  registerRoute(app, campaignResultsRoutes.campaignResults, ({ params }) =>
    campaignResults.results(params.id),
  );
  registerRoute(app, campaignResultsRoutes.myCampaignResults, ({ session, params }) =>
    campaignResults.mine(requireSession(session), params.id),
  );
}
