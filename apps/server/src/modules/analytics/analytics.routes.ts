import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** `GET /api/admin/analytics/dashboard`. */
export function registerAnalyticsRoutes(app: FastifyInstance, analytics: AnalyticsService): void {
  registerRoute(app, apiRoutes.adminAnalyticsDashboard, ({ query }) =>
    analytics.dashboard({
      from: new Date(query.from),
      to: new Date(query.to),
      interval: query.interval,
      timeZone: query.timeZone,
    }),
  );
}
