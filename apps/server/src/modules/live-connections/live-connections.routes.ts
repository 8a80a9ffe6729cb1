import type { FastifyInstance, FastifyReply } from 'fastify';
import { OAUTH_CALLBACK_PATHS, liveRoutes, type OAuthUrlQuery } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import {
  queryParameter,
  rateLimited,
  redirectResponse,
  type OpenApiOperation,
} from '../../http/openapi-describe.ts';
import { requireSession, type SessionUser } from '../../http/session.ts';
import { CONNECT_BINDING_COOKIE } from './connect-binding.ts';
import type { LivePlatform } from '../../adapters/live-chat/index.ts';
import type { LiveConnectionsService, OAuthCallbackQuery } from './live-connections.service.ts';
import { LIVE_PLATFORMS } from '@hanabi/api';

/** Query values of a callback, as the platforms send them (anything else is ignored). */
function callbackQuery(raw: unknown): OAuthCallbackQuery {
  const q = (raw ?? {}) as Record<string, unknown>;
  const pick = (name: string) => {
    const value = q[name];
    return typeof value === 'string' && value.length <= 2048 ? value : undefined;
  };
  return { code: pick('code'), state: pick('state'), error: pick('error'), result: pick('result') };
}

export function registerLiveConnectionRoutes(
  app: FastifyInstance,
  connections: LiveConnectionsService,
): void {
  const routes = liveRoutes;
  // The consent URL comes with the cookie that binds its state to this browser (decision 0060).
  const consent =
    (platform: LivePlatform, purpose: 'identity' | 'liveStreaming') =>
    async ({
      session,
      query,
      reply,
    }: {
      session: SessionUser | null;
      query: OAuthUrlQuery;
      reply: FastifyReply;
    }) => {
      const { url, binding } = await connections.consentUrl(
        requireSession(session),
        platform,
        purpose,
        query.returnTo,
      );
      reply.setCookie(binding.name, binding.value, binding.options);
      return { url };
    };
  registerRoute(app, routes.youtubeChannelUrl, consent('youtube', 'identity'));
  registerRoute(app, routes.youtubeLiveStreamingUrl, consent('youtube', 'liveStreaming'));
  registerRoute(app, routes.twitcastingAccountUrl, consent('twitcasting', 'identity'));
  registerRoute(app, routes.twitcastingLiveStreamingUrl, consent('twitcasting', 'liveStreaming'));
  registerRoute(app, routes.youtubeDisconnect, ({ session }) =>
    connections.disconnect(requireSession(session), 'youtube'),
  );
  registerRoute(app, routes.twitcastingDisconnect, ({ session }) =>
    connections.disconnect(requireSession(session), 'twitcasting'),
  );
  registerRoute(app, routes.myConnections, ({ session }) => connections.list(requireSession(session)));

  // The platforms send the browser back here: public (the `state` says who asked), answered with a redirect
  // into the SPA, never an error page; outside the contract, so described by hand (decision 0216).
  for (const platform of LIVE_PLATFORMS) {
    app.get(
      OAUTH_CALLBACK_PATHS[platform],
      {
        config: {
          access: 'public',
          openapi: {
            [OAUTH_CALLBACK_PATHS[platform]]: {
              get: callbackOperation(platform, connections.consentProvider(platform)),
            },
          },
        },
        schema: { hide: true },
      },
      async (request, reply) => {
        const location = await connections.callback(
          platform,
          callbackQuery(request.query),
          request.session,
          request.cookies[CONNECT_BINDING_COOKIE],
        );
        const cleared = connections.clearedBinding(platform);
        reply.setCookie(cleared.name, cleared.value, cleared.options);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  }
}

/** The OpenAPI operation of a platform's OAuth callback: always a redirect, the outcome in its query. */
function callbackOperation(platform: LivePlatform, provider: string): OpenApiOperation {
  return {
    operationId: `${platform}OAuthCallback`,
    summary: `Where ${provider} sends the browser back after consent`,
    description:
      'Finishes connecting the account, then redirects into the web app with the outcome in its query.',
    tags: ['live'],
    security: [],
    parameters: [
      queryParameter('code', 'The authorization code.'),
      queryParameter('state', 'The state Hanabi sent: who asked and where to return.'),
      queryParameter('error', 'Set when the person refused or the platform failed.'),
      queryParameter('result', "TwitCasting's outcome, when it sends one."),
    ],
    responses: { 302: redirectResponse('Back into the web app (never an error page)'), ...rateLimited },
  };
}
