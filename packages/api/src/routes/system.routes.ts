import { z } from 'zod';
import { defineRoute } from '../route.ts';

export const HealthResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

export const ReadyCheck = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  /**
   * The chain is a detail, not a condition: reads work without it and chain work waits, so a chain outage shows
   * as `degraded: ['chain']` on a ready process rather than taking every api out of the load balancer.
   */
  checks: z.object({ database: ReadyCheck, queue: ReadyCheck, chain: ReadyCheck.optional() }),
  degraded: z.array(z.enum(['chain'])).optional(),
  /** True once the process is stopping (SIGTERM): not ready, so the load balancer drains it first. */
  draining: z.boolean().optional(),
});

/** Non-secret settings the SPA needs before anything else (allow-listed redirect hosts, chain id, mode). */
export const PublicConfigResponse = z.object({
  mode: z.enum(['embedded', 'production']),
  externalRedirectAllowedHosts: z.array(z.string()),
  chainId: z.number().int(),
  defaultLocale: z.enum(['ja', 'en']),
  /** Sentry for the browser: only in production with a DSN configured; null (or absent) = off. */
  errorReporting: z.object({ dsn: z.string(), environment: z.string() }).nullable().optional(),
  /** Hours held prizes wait before they go to a replaced wallet address (decision 0063); absent = 24. */
  walletCoolOffHours: z.number().optional(),
  /**
   * A public JSON-RPC URL of the chain draws are recorded on (decision 0202), which proof readers may use to read
   * a draw's record; they may give their own instead. Null (or absent) = none published.
   */
  chainRpcUrl: z.string().nullable().optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigResponse>;

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers',
    response: HealthResponse,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    summary: 'Readiness: database and job queue answer, not stopping (503 otherwise); the chain as a detail',
    response: ReadyResponse,
    otherResponses: { 503: ReadyResponse },
  }),
  publicConfig: defineRoute({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    summary: 'Public settings for the web app',
    response: PublicConfigResponse,
  }),
};
