import type { FastifyInstance } from 'fastify';
import { deliveryRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { DeliveryService } from './delivery.service.ts';

/** The operator's view of deliveries (every route here is `access: 'operator'`). */
export function registerDeliveryRoutes(app: FastifyInstance, deliveries: DeliveryService): void {
  const routes = deliveryRoutes;
  registerRoute(app, routes.adminCampaignDistribution, ({ params, query }) =>
    deliveries.campaignDistribution(params.id, query),
  );
  registerRoute(app, routes.adminDeliveryQueue, ({ query }) => deliveries.queue(query));
  registerRoute(app, routes.adminDeliveryRetry, ({ params }) => deliveries.retry(params.id));
  registerRoute(app, routes.adminDeliveryCancel, ({ params }) => deliveries.cancel(params.id));
}
