import type { FastifyInstance } from 'fastify';
import { campaignRoutes } from '@hanabi/api';
import { readIdempotencyKey } from '../../http/idempotency.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { CampaignService } from './campaign.service.ts';

export function registerCampaignRoutes(app: FastifyInstance, campaigns: CampaignService): void {
  const routes = campaignRoutes;
  registerRoute(app, routes.listCampaigns, ({ session, query }) => campaigns.list(session, query));
  registerRoute(app, routes.getCampaign, ({ session, params }) => campaigns.get(session, params.id));
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
