import type { FastifyInstance } from 'fastify';
import { manualDistributionRoutes } from '@hanabi/api';
import { readIdempotencyKey } from '../../http/idempotency.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { ManualDistributionService } from './manual-distribution.service.ts';

export function registerManualDistributionRoutes(
  app: FastifyInstance,
  service: ManualDistributionService,
): void {
  const routes = manualDistributionRoutes;
  registerRoute(app, routes.manualDistributionPreview, ({ session, body }) =>
    service.preview(requireSession(session), body),
  );
  registerRoute(app, routes.manualDistributionCreate, ({ session, body, request }) =>
    service.create(requireSession(session), body, readIdempotencyKey(request.headers)),
  );
  registerRoute(app, routes.manualDistributionList, ({ session, query }) =>
    service.list(requireSession(session), query),
  );
  registerRoute(app, routes.manualDistributionGet, ({ session, params }) =>
    service.detail(requireSession(session), params.id),
  );
}
