import type { FastifyInstance } from 'fastify';
import type { SessionResolver } from './session.ts';
import { decideAccess } from './session.ts';
import { sendError } from './error-handler.ts';
import { SAFE_METHODS, type Xsrf } from './xsrf.ts';

/**
 * Runs before body parsing and validation on every request, so a signed-out caller gets 401 and a wrong role
 * gets 403 before anything about the request itself is judged. A route that states no access is refused:
 * security by default.
 */
export function installAccessHook(
  app: FastifyInstance,
  sessions: SessionResolver,
  xsrf: Pick<Xsrf, 'checkFails'>,
): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) {
      request.log.error({ url: request.routeOptions.url }, 'route has no access rule');
      return sendError(reply, 'FORBIDDEN', 'This route is not open to anyone.', undefined, 'notAllowed');
    }
    const { sessionless } = request.routeOptions.config;
    // Static files, docs and better-auth's GETs never read the session; skip the lookup.
    if (access === 'public' && sessionless && SAFE_METHODS.has(request.method)) return;
    // A signed URL is its own authority (RFC 8058 one-click POSTs come from mail providers, without cookies).
    if (access === 'public' && sessionless && request.routeOptions.config.signedUrl) return;
    request.session = await sessions.resolve(request);
    if (request.session && xsrf.checkFails(request, request.session.viaCookie)) {
      return sendError(
        reply,
        'FORBIDDEN',
        'The XSRF token is missing or wrong. Reload the page and try again.',
        undefined,
        'xsrfTokenInvalid',
      );
    }
    const decision = decideAccess(access, request.session);
    // A suspended user has no session anywhere: public routes see nobody, the others refuse.
    if (request.session?.suspended) request.session = null;
    if (decision === 'suspended') return sendError(reply, 'ACCOUNT_SUSPENDED', 'This account is suspended.');
    if (decision === 'unauthenticated') {
      const message = request.routeOptions.config.unauthenticatedMessage ?? 'Please sign in.';
      return sendError(reply, 'UNAUTHENTICATED', message);
    }
    if (decision === 'forbidden')
      return sendError(reply, 'FORBIDDEN', 'You are not allowed to do this.', undefined, 'notAllowed');
  });
}
