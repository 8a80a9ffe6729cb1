import type { FastifyInstance } from 'fastify';
import { campaignRoutes } from '@hanabi/api';
import { readIdempotencyKey } from '../../http/idempotency.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sendJson } from '../../http/read-cache.ts';
import { requireSession } from '../../http/session.ts';
import { CampaignReads } from './campaign-reads.ts';
import type { CampaignService } from './campaign.service.ts';

export function registerCampaignRoutes(
  app: FastifyInstance,
  campaigns: CampaignService,
  reads: CampaignReads,
): void {
  const routes = campaignRoutes;
  // Public lists and public campaigns come from the read cache (same body for everyone, ETag, short shared
  // caching); a streamer's own list and a campaign only its owner may see take the direct path.
  registerRoute(
    app,
    routes.listCampaigns,
    async ({ session, query, request, reply }) => {
      if (!CampaignReads.isPublicList(query)) return campaigns.list(session, query);
      const body = await reads.publicList(session, query);
      return sendJson(request, reply, body.json, body.etag, body.shared);
    },
    { cacheable: true },
  );
  registerRoute(
    app,
    routes.getCampaign,
    async ({ session, params, request, reply }) => {
      const body = await reads.publicDetail(session, params.id);
      if (body) return sendJson(request, reply, body.json, body.etag, body.shared);
      return campaigns.get(session, params.id);
    },
    { cacheable: true },
  );
  registerRoute(app, routes.createCampaign, ({ session, body, request }) =>
    campaigns.create(requireSession(session), body, readIdempotencyKey(request.headers)),
  );
  registerRoute(app, routes.startCampaignNow, ({ session, params }) =>
    campaigns.startNow(requireSession(session), params.id),
  );
  registerRoute(app, routes.updateCampaign, ({ session, params, body }) =>
    campaigns.update(requireSession(session), params.id, body),
  );
  registerRoute(app, routes.deleteCampaign, async ({ session, params }) => {
    await campaigns.delete(requireSession(session), params.id);
    return null;
  });
}
