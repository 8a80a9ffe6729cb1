import type { FastifyInstance } from 'fastify';

/**
 * Registers routes owned by third-party plugins (docs UI, static files) as public. They cannot state an access
 * rule themselves, and the access hook refuses any route without one, so this is the single place that opens them.
 */
export async function registerPublicPlugin(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.config = { ...(routeOptions.config ?? {}), access: 'public' };
    });
    await register(scope);
  });
}
