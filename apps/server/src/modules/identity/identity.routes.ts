import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { AuthGateway } from './auth-gateway.ts';
import { forwardSetCookies, toFetchHeaders } from './fetch-bridge.ts';
import type { IdentityService } from './identity.service.ts';

export function registerIdentityRoutes(
  app: FastifyInstance,
  identity: IdentityService,
  gateway: AuthGateway,
): void {
  registerRoute(app, apiRoutes.signin, ({ session, body }) => identity.signin(requireSession(session), body));
  registerRoute(app, apiRoutes.signup, ({ session, body }) => identity.signup(requireSession(session), body));
  registerRoute(app, apiRoutes.signout, async ({ body, request, reply }) => {
    forwardSetCookies(reply, await gateway.signOut(toFetchHeaders(request), body?.everywhere ?? false));
    return null;
  });
  registerRoute(app, apiRoutes.authProviders, () => gateway.providers());
}
