import type { FastifyInstance } from 'fastify';
import { liveRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { LiveStreamService } from './live-stream.service.ts';
import { toQuotaToday, type YouTubeQuotaLedger } from './youtube-quota-ledger.ts';

export function registerLiveStreamRoutes(
  app: FastifyInstance,
  streams: LiveStreamService,
  quota: YouTubeQuotaLedger,
): void {
  const routes = liveRoutes;
  registerRoute(app, routes.liveQuota, async ({ session, params }) => {
    // The campaign's owner only (404 for anyone else), like every other live route of a campaign.
    await streams.campaignOf(requireSession(session), params.id);
    return toQuotaToday(await quota.today(new Date()));
  });
  registerRoute(app, routes.adminYouTubeQuota, async () => toQuotaToday(await quota.today(new Date())));
  registerRoute(app, routes.startLiveStream, ({ session, params, body }) =>
    streams.start(requireSession(session), params.id, body.platform),
  );
  registerRoute(app, routes.stopLiveStream, ({ session, params, query }) =>
    streams.stop(requireSession(session), params.id, query.platform),
  );
  registerRoute(app, routes.youtubeComments, ({ session, params, query }) =>
    streams.comments(requireSession(session), 'youtube', params.a, params.b, query),
  );
  registerRoute(app, routes.twitcastingComments, ({ session, params, query }) =>
    streams.comments(requireSession(session), 'twitcasting', params.a, params.b, query),
  );
}
