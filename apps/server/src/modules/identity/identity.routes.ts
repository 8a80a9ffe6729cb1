import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { AuthGateway } from './auth-gateway.ts';
import { forwardSetCookies, toFetchHeaders } from './fetch-bridge.ts';
import {
  browserSecretOf,
  LINK_BROWSER_COOKIE,
  LINK_BROWSER_COOKIE_MAX_AGE,
  newBrowserSecret,
  type LinkBindings,
} from './link-binding.ts';

export function registerIdentityRoutes(
  app: FastifyInstance,
  gateway: AuthGateway,
  links: LinkBindings,
  secureCookies: boolean,
): void {
  registerRoute(app, apiRoutes.signout, async ({ body, request, reply }) => {
    forwardSetCookies(reply, await gateway.signOut(toFetchHeaders(request), body?.everywhere ?? false));
    return null;
  });
  registerRoute(app, apiRoutes.authProviders, () => gateway.providers());
  registerRoute(app, apiRoutes.signInLinkCode, ({ request }) =>
    links.codeFor(browserSecretOf(request.headers.cookie)),
  );
  registerRoute(app, apiRoutes.signInLinkInfo, ({ body }) => links.info(body.token));
  registerRoute(app, apiRoutes.signInLinkConfirm, async ({ body, request, reply }) => {
    const secret = browserSecretOf(request.headers.cookie) ?? newBrowserSecret();
    await links.confirm(body.token, body.code, secret);
    reply.setCookie(LINK_BROWSER_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/',
      maxAge: LINK_BROWSER_COOKIE_MAX_AGE,
    });
    return null;
  });
}
