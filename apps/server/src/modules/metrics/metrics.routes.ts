import type { FastifyInstance } from 'fastify';
import { sendError } from '../../http/error-handler.ts';
import { metricsAccess } from './metrics-access.ts';
import type { MetricsService } from './metrics.service.ts';

/**
 * Times every answer by its route pattern, and serves `GET /metrics` to the holder of the metrics token: 401
 * without a bearer, 403 with a wrong one, 404 when no token is configured (metrics off).
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  metrics: MetricsService,
  token: string | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one series: a scanner's random paths must not grow the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.route({
    method: 'GET',
    url: '/metrics',
    config: { access: 'public', sessionless: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const access = metricsAccess(request.headers.authorization, token);
      if (access === 'off') return sendError(reply, 'NOT_FOUND', 'Not found.', undefined, 'notFound');
      if (access === 'missing') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(reply, 'UNAUTHENTICATED', 'Metrics need the bearer token (METRICS_TOKEN).');
      }
      if (access === 'wrong')
        return sendError(reply, 'FORBIDDEN', 'This metrics token is not accepted.', undefined, 'notAllowed');
      const body = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
    },
  });
}
