import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from '@hanabi/api';
import { registerPublicPlugin } from '../../http/public-routes.ts';
import type { Auth } from './auth.ts';
import { sendFetchResponse, toFetchHeaders } from './fetch-bridge.ts';

/**
 * Mounts better-auth under /api/auth/* (public: it does its own session checks) in an encapsulated scope whose
 * bodies stay raw bytes — better-auth reads them itself. A tighter per-IP rate limit than the global one.
 * Routes Hanabi defines under /api/auth (e.g. /api/auth/providers) are static, so they win over the wildcard.
 */
export async function installAuthHandler(
  app: FastifyInstance,
  auth: Auth,
  options: { publicOrigin: string; rateLimitPerMinute: number },
): Promise<void> {
  await registerPublicPlugin(
    app,
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.route({
        method: ['GET', 'POST'],
        url: `${AUTH_BASE_PATH}/*`,
        config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
        // better-auth's endpoints are not Hanabi's contract; the ones the web app calls are in `authEndpoints`.
        schema: { hide: true },
        async handler(request, reply) {
          const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
          const response = await auth.handler(
            new Request(new URL(request.url, options.publicOrigin), {
              method: request.method,
              headers: toFetchHeaders(request),
              ...(body && request.method !== 'GET' ? { body } : {}),
            }),
          );
          return sendFetchResponse(reply, response);
        },
      });
      // better-auth reads the session itself; POSTs still get the session lookup for the XSRF check.
    },
    { sessionless: true },
  );
}
