import type { FastifyInstance } from 'fastify';

/**
 * Registers routes owned by third-party plugins (docs UI, static files) as public. They cannot state an access
 * rule themselves, and the access hook refuses any route without one, so this is the single place that opens them.
 * `sessionless` routes never look at the caller: their GETs skip session lookup (a page load fetches many files).
 * `outsideRateLimit` routes (the SPA's static files) do not count against the per-IP API budget.
 */
export async function registerPublicPlugin(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
  options: { sessionless?: boolean; outsideRateLimit?: boolean } = {},
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.config = {
        ...(routeOptions.config ?? {}),
        access: 'public',
        ...(options.sessionless ? { sessionless: true } : {}),
        ...(options.outsideRateLimit ? { outsideRateLimit: true } : {}),
      };
    });
    await register(scope);
  });
}
