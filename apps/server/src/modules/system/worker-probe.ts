import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAccess } from '../metrics/index.ts';
import type { MetricsService } from '../metrics/index.ts';
import type { SystemService } from './system.service.ts';

/**
 * A worker has no API port, so an orchestrator had nothing to probe (decision 0142). This small HTTP server on
 * WORKER_HEALTH_PORT answers `GET /health` (the process lives), `GET /ready` (database and queue answer, not
 * stopping: 200, else 503) and `GET /metrics` (with the metrics token, as on the api). Nothing else.
 */
export async function startWorkerProbe(options: {
  port: number;
  host: string;
  system: SystemService;
  metrics: MetricsService;
  metricsToken: string | undefined;
}): Promise<{ port: number; close(): Promise<void> }> {
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(JSON.stringify(body));
  };
  const error = (response: http.ServerResponse, status: number, code: string, message: string) =>
    json(response, status, { error: { code, message } });

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return error(response, 405, 'BAD_REQUEST', 'Only GET is answered here.');
    if (path === '/health') return json(response, 200, options.system.health());
    if (path === '/ready') {
      void options.system.readiness().then(
        (readiness) => json(response, readiness.status === 'ready' ? 200 : 503, readiness),
        () => error(response, 503, 'UNAVAILABLE', 'Readiness could not be checked.'),
      );
      return;
    }
    if (path === '/metrics') {
      const access = metricsAccess(request.headers.authorization, options.metricsToken);
      if (access === 'off') return error(response, 404, 'NOT_FOUND', 'Not found.');
      if (access === 'missing')
        return error(response, 401, 'UNAUTHENTICATED', 'Metrics need the bearer token.');
      if (access === 'wrong') return error(response, 403, 'FORBIDDEN', 'This metrics token is not accepted.');
      void options.metrics.render().then(
        (body) => {
          response.writeHead(200, {
            'content-type': options.metrics.contentType,
            'cache-control': 'no-store',
          });
          response.end(body);
        },
        () => error(response, 503, 'UNAVAILABLE', 'Metrics could not be read.'),
      );
      return;
    }
    return error(response, 404, 'NOT_FOUND', 'Not found.');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
