import type { FastifyInstance } from 'fastify';
import type { CacheBus } from '../../db/cache-bus.ts';
import type { OperatorArea } from './operator.wiring.ts';
import { registerAdminUserRoutes } from './users/admin-users.routes.ts';
import { registerAnalyticsRoutes } from '../analytics/index.ts';
import { registerNewsRoutes } from '../news/index.ts';

/** The routes of the operator area: users, the dashboard, and news (whose list is public). */
export async function registerOperatorRoutes(
  app: FastifyInstance,
  services: OperatorArea['services'],
  options: { publicReadCacheMs: number; cacheBus: CacheBus },
): Promise<void> {
  registerAdminUserRoutes(app, services.adminUsers);
  registerAnalyticsRoutes(app, services.analytics);
  await registerNewsRoutes(app, services.news, options);
}
