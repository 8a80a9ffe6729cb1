import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '@hanabi/api';
import { registerPublicPlugin } from '../../http/public-routes.ts';
import type { Auth } from './auth.ts';
import { authOpenApi } from './auth.openapi.ts';
import { sendFetchResponse, toFetchHeaders } from './fetch-bridge.ts';
import { SIGN_IN_LINK_PATH, signInLinkLimiter, type SignInLinkLimits } from './sign-in-link-limits.ts';

/**
 * Mounts better-auth under /api/auth/* (public: it does its own session checks) in an encapsulated scope whose
 * bodies stay raw bytes — better-auth reads them itself. A tighter per-IP rate limit than the global one.
 * Routes Hanabi defines under /api/auth (e.g. /api/auth/providers) are static, so they win over the wildcard.
 */
export async function installAuthHandler(
  app: FastifyInstance,
  auth: Auth,
  options: { publicOrigin: string; rateLimitPerMinute: number; signInLinkLimits: SignInLinkLimits },
): Promise<void> {
  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const response = await auth.handler(
      new Request(new URL(request.url, options.publicOrigin), {
        method: request.method,
        headers: toFetchHeaders(request),
        ...(body && request.method !== 'GET' ? { body } : {}),
      }),
    );
    return sendFetchResponse(reply, response);
  }
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  await registerPublicPlugin(
    app,
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.route({
        method: ['GET', 'POST'],
        url: `${AUTH_BASE_PATH}/*`,
        // better-auth's endpoints are not registered from the contract: the ones the web app uses are described
        // by hand in authOpenApi (from `authEndpoints` where the contract has them), the rest stay out.
        config: { rateLimit, openapi: authOpenApi },
        schema: { hide: true },
        handler,
      });
      // Mailing a sign-in link also counts per address and per IP (issue 20); static, so it wins the wildcard.
      scope.route({
        method: 'POST',
        url: SIGN_IN_LINK_PATH,
        config: { rateLimit },
        schema: { hide: true },
        preHandler: signInLinkLimiter(scope, options.signInLinkLimits),
        handler,
      });
      // better-auth reads the session itself; POSTs still get the session lookup for the XSRF check.
    },
    { sessionless: true },
  );
}
