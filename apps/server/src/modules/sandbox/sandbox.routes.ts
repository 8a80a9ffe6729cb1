import type { FastifyInstance } from 'fastify';
import type { SandboxStore } from './sandbox.store.ts';
import { SandboxConsoleService } from './sandbox-console.service.ts';
import { registerSandboxConsoleRoutes } from './sandbox-console.routes.ts';
import { registerSandboxOAuthRoutes } from './sandbox-oauth.routes.ts';
import { registerSandboxTwitCastingRoutes } from './sandbox-twitcasting.routes.ts';
import { registerSandboxYouTubeRoutes } from './sandbox-youtube.routes.ts';

/**
 * Mounts the fake platforms under /sandbox/… (app.ts calls this only when config.live.sandbox is on). Scoped in
 * its own plugin so the form-encoded body parser the OAuth token endpoints need does not leak into /api.
 */
export async function registerSandboxRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  options: { publicOrigin: string },
): Promise<void> {
  const service = new SandboxConsoleService(store);
  app.addHook('onClose', async () => service.close());
  await app.register(async (scope) => {
    // Not part of Hanabi's API: kept out of the OpenAPI document at /api/docs.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    registerSandboxOAuthRoutes(scope, store, options.publicOrigin);
    registerSandboxYouTubeRoutes(scope, store);
    registerSandboxTwitCastingRoutes(scope, store);
    registerSandboxConsoleRoutes(scope, store, service);
  });
}
