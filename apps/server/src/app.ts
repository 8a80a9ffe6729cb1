import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Container } from './container.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { frameworkErrors, installInputGuard } from './http/input-guard.ts';
import { reportServerErrors } from './adapters/error-reporting/index.ts';
import { installSecurity } from './http/security.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';
import { installRequestId, requestIdOf } from './http/request-id.ts';
import { registerMetricsRoutes } from './modules/metrics/index.ts';
import { installCompression } from './http/compression.ts';
import { installOpenApi } from './http/openapi.ts';
import { installAccessHook } from './http/access-hook.ts';
import { createXsrf } from './http/xsrf.ts';
import { MemoryStreamSlots, PostgresStreamSlots } from './http/stream-slots.ts';
import { installSessionHint } from './http/session-hint.ts';
import { AUTH_COOKIE_PREFIX } from './modules/identity/index.ts';
import { installWebApp } from './http/web-app.ts';
import { registerStaticPagePaint } from './modules/og-pages/index.ts';
import { serverPaths } from './paths.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import { registerDoctorRoutes } from './modules/doctor/index.ts';
import { registerSignerFundsRoutes } from './modules/signer-funds/index.ts';
import { registerAccountRoutes } from './modules/account/index.ts';
import { installAuthHandler } from './modules/identity/index.ts';
import { registerIdentityRoutes } from './modules/identity/index.ts';
import { registerDevMailboxRoutes } from './modules/dev-mailbox/index.ts';
import { registerChainRoutes } from './modules/chain/index.ts';
import { registerIpfsGatewayRoutes } from './modules/ipfs/index.ts';
import { registerGoodsAndCampaignRoutes } from './modules/goods-campaigns/index.ts';
import { registerTokenRoutes } from './modules/tokens/index.ts';
import { registerDeliveryRoutes } from './modules/delivery/index.ts';
import { registerManualDistributionRoutes } from './modules/manual-distribution/index.ts';
import { registerAudienceRoutes } from './modules/audience/index.ts';
import { registerOperatorRoutes } from './modules/operator/index.ts';
import { registerSandboxRoutes } from './modules/sandbox/index.ts';
import { registerLiveRoutes } from './modules/live-ingestion/index.ts';
import { registerDrawRoutes } from './modules/live-draws/index.ts';

/** A hop count trusts that many proxies nearest the server (what Fastify does with a number; its types omit it). */
function trustProxyOption(trust: false | number | string[]) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Builds the HTTP application from a container. main.ts and the tests both use it; `instrument` runs on the bare
 * instance before any plugin, so a hook it adds sees every route (the tests' untranslated-envelope check).
 */
export async function buildApp(
  container: Container,
  instrument?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const { config } = container;
  const production = config.env === 'production';
  const app = Fastify({
    loggerInstance: container.log as FastifyBaseLogger,
    bodyLimit: config.http.bodyLimitBytes,
    // Only the proxies named by TRUST_PROXY may say who the client is (decision 0143); by default nobody.
    trustProxy: trustProxyOption(config.ops.trustProxy),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Bad JSON, prototype-poisoning attempts and the like are client errors, answered by the error handler.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors,
  });
  instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before every plugin: they inherit its JSON parser (issue 20: no NUL, no invalid UTF-8 past this point).
  installInputGuard(app);
  reportServerErrors(app);
  installRequestId(app);
  registerMetricsRoutes(app, container.metrics, config.ops.metricsToken);

  await app.register(cookie);
  const pool = container.database.kind === 'postgres' ? container.database.pool : undefined;
  await installSecurity(app, {
    rateLimitPerMinute: config.http.rateLimitPerMinute,
    production,
    ...(config.chainPublicRpcUrl ? { publicRpcUrl: config.chainPublicRpcUrl } : {}),
    ...(pool ? { rateLimitStore: postgresRateLimitStore(pool) } : {}),
  });
  // Open live event streams per client, counted over every api process on PostgreSQL (decision 0209).
  const streamSlots = pool
    ? new PostgresStreamSlots(pool, (error) => app.log.warn({ err: error }, 'event stream slots'))
    : new MemoryStreamSlots();
  app.decorate('streamCaps', {
    slots: streamSlots,
    perIp: config.http.eventStreamsPerIp,
    perUser: config.http.eventStreamsPerUser,
  });
  // After every stream has ended (their preClose hooks), so their releases land first.
  app.addHook('onClose', () => streamSlots.close());
  await installCompression(app);
  await installOpenApi(app, config.publicOrigin);
  // better-auth's session cookie, with the `__Secure-` prefix it takes over HTTPS.
  const sessionCookie = `${AUTH_COOKIE_PREFIX}.session_token`;
  const sessionCookieNames = [sessionCookie, `__Secure-${sessionCookie}`];
  const xsrf = createXsrf({ secret: container.authSecret, secure: production, sessionCookieNames });
  xsrf.install(app);
  installSessionHint(app, {
    isSessionCookie: (name) => sessionCookieNames.includes(name),
    secure: container.config.auth.secureCookies,
  });
  installAccessHook(app, container.sessions, xsrf);

  registerSystemRoutes(app, container.services.system);
  registerDoctorRoutes(app, container.services.doctor);
  registerSignerFundsRoutes(app, container.services.signerFunds);
  await installAuthHandler(app, container.auth, {
    publicOrigin: config.publicOrigin,
    rateLimitPerMinute: config.auth.rateLimitPerMinute,
    signInLinkLimits: config.auth.signInLinkLimits,
  });
  registerIdentityRoutes(
    app,
    container.services.authGateway,
    container.services.linkBindings,
    container.config.auth.secureCookies,
  );
  registerAccountRoutes(
    app,
    container.services.account,
    container.services.wallet,
    container.services.signIn,
  );
  if (container.adapters.devMailbox) registerDevMailboxRoutes(app, container.adapters.devMailbox);
  registerChainRoutes(app, container.services.chain);
  await registerTokenRoutes(app, container.services.tokens, container.services.tokenAssets);
  registerDeliveryRoutes(app, container.services.delivery);
  registerManualDistributionRoutes(app, container.services.manualDistribution);
  await registerOperatorRoutes(app, container.services, {
    publicReadCacheMs: config.http.publicReadCacheMs,
    cacheBus: container.cacheBus,
  });
  if (config.ipfs.kind === 'embedded') registerIpfsGatewayRoutes(app, container.adapters.ipfs);
  if (container.sandbox) {
    await registerSandboxRoutes(app, container.sandbox, { publicOrigin: config.publicOrigin });
  }
  registerAudienceRoutes(app, container.services, {
    webDist: config.webDist ?? serverPaths.webDist,
    publicReadCacheMs: config.http.publicReadCacheMs,
    signInProviders: () => container.services.authGateway.providers(),
    devMailbox: container.adapters.devMailbox !== null,
  });
  registerLiveRoutes(app, container.services, { snapshotMs: container.config.http.publicReadCacheMs });
  const draws = await registerDrawRoutes(app, container.draws, {
    publicReadCacheMs: config.http.publicReadCacheMs,
    cacheBus: container.cacheBus,
    webDist: config.webDist ?? serverPaths.webDist,
    publicOrigin: config.publicOrigin,
  });
  await registerGoodsAndCampaignRoutes(app, container.services, container.adapters.storage, {
    publicOrigin: config.publicOrigin,
    webDist: config.webDist ?? serverPaths.webDist,
    pageConfig: container.services.system.publicConfig(),
    pageResults: draws.publicResults,
  });

  // `/` with the landing page's first paint (decision 0120); every other page falls to the app shell below.
  registerStaticPagePaint(app, '/', {
    webDist: config.webDist ?? serverPaths.webDist,
    paint: 'landing',
    routeModule: 'src/features/home/pages/landing.page.tsx',
  });
  // The area introductions, drawn for a signed-out visitor (decision 0193).
  for (const area of ['audience', 'streamer'] as const) {
    registerStaticPagePaint(app, `/${area}`, {
      webDist: config.webDist ?? serverPaths.webDist,
      paint: `area-intro.${area}`,
      routeModule: 'src/features/home/pages/area-intro.page.tsx',
      signedOutOnly: true,
      navbar: true,
    });
  }
  await installWebApp(app, config.webDist ?? serverPaths.webDist);
  return app;
}
