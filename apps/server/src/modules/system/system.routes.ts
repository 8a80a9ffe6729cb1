import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { SystemService } from './system.service.ts';

export function registerSystemRoutes(app: FastifyInstance, system: SystemService): void {
  registerRoute(app, apiRoutes.health, () => system.health());
  registerRoute(app, apiRoutes.ready, async ({ reply }) => {
    const readiness = await system.readiness();
    // The body is the same either way; a load balancer reads the status.
    if (readiness.status !== 'ready') reply.status(503).header('retry-after', '5');
    return readiness;
  });
  registerRoute(app, apiRoutes.publicConfig, () => system.publicConfig());
}
