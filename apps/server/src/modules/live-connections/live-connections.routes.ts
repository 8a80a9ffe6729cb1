import type { FastifyInstance } from 'fastify';
import { OAUTH_CALLBACK_PATHS, liveRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { LivePlatform } from '../../adapters/live-chat/live-chat.types.ts';
import type { LiveConnectionsService, OAuthCallbackQuery } from './live-connections.service.ts';

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
  registerRoute(app, routes.youtubeChannelUrl, ({ session, query }) =>
    connections.consentUrl(requireSession(session), 'youtube', 'identity', query.returnTo),
  );
  registerRoute(app, routes.youtubeLiveStreamingUrl, ({ session, query }) =>
    connections.consentUrl(requireSession(session), 'youtube', 'liveStreaming', query.returnTo),
  );
  registerRoute(app, routes.twitcastingAccountUrl, ({ session, query }) =>
    connections.consentUrl(requireSession(session), 'twitcasting', 'identity', query.returnTo),
  );
  registerRoute(app, routes.twitcastingLiveStreamingUrl, ({ session, query }) =>
    connections.consentUrl(requireSession(session), 'twitcasting', 'liveStreaming', query.returnTo),
  );
  registerRoute(app, routes.youtubeDisconnect, ({ session }) =>
    connections.disconnect(requireSession(session), 'youtube'),
  );
  registerRoute(app, routes.twitcastingDisconnect, ({ session }) =>
    connections.disconnect(requireSession(session), 'twitcasting'),
  );
  registerRoute(app, routes.myConnections, ({ session }) => connections.list(requireSession(session)));

  // The platforms send the browser back here: public (the `state` says who asked), answered with a redirect
  // into the SPA, never an error page; kept out of the OpenAPI document like the other non-contract routes.
  for (const platform of ['youtube', 'twitcasting'] as const satisfies LivePlatform[]) {
    app.get(
      OAUTH_CALLBACK_PATHS[platform],
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const location = await connections.callback(platform, callbackQuery(request.query), request.session);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  }
}
