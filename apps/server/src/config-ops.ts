import net from 'node:net';
import { z } from 'zod';

/**
 * Operations settings (issue 24): which proxies are trusted, the worker's probe port, who reads /metrics and how
 * processes stop. Parsed by config.ts (still the only reader of process.env) as part of its one schema, so a bad
 * value here is listed with every other bad key.
 */

/** A proxy address as proxy-addr takes it: an IPv4/IPv6 address, optionally with a /prefix. */
function isProxyAddress(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address || net.isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (net.isIP(address) === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `0` = trust no proxy (the socket's address is the client's); a number = that many
 * proxy hops in front of the server; otherwise a comma-separated list of the proxies' addresses or CIDRs.
 * `true` (trust every hop) is refused: any client could then choose its own address with X-Forwarded-For.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 10) context.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
    return hops === 0 ? false : hops;
  }
  if (['false', 'no', 'off'].includes(trimmed)) return false;
  if (['true', 'yes', 'on', '*'].includes(trimmed)) {
    context.addIssue({
      code: 'custom',
      message:
        'trusting every address lets any client pick its own IP (X-Forwarded-For); give a hop count or the proxy addresses',
    });
    return false;
  }
  const list = trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = list.filter((item) => !isProxyAddress(item));
  if (list.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `a hop count or comma-separated IP addresses/CIDRs (not: ${bad.join(', ') || value})`,
    });
  }
  return list;
});

export const OpsEnv = {
  TRUST_PROXY: trustProxy.optional(),
  /** Worker role: a small HTTP port with /health, /ready (and /metrics); unset = no probe server. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Bearer token for GET /metrics (api port and worker probe port); unset = /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** After SIGTERM an api answers /api/ready with 503 this long before it stops taking requests. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /**
   * How long a stopping worker waits for its running jobs before handing them back (failed → retried by another
   * worker). Longer than the longest job: a delivery run takes at most 60 s plus its last pass.
   */
  WORKER_STOP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(65_000, 'must be above 65000: a delivery run lasts up to 60 s plus one pass')
    .default(90_000),
  /**
   * An api process without a signer hands operator token writes to a worker (decision 0158): how long a worker
   * has to start one before the api answers 503 and the job will never run.
   */
  TOKEN_WRITE_START_WITHIN_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
};

type OpsEnvValues = z.infer<z.ZodObject<typeof OpsEnv>> & { NODE_ENV: string };

export interface OpsConfig {
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  workerHealthPort: number | undefined;
  metricsToken: string | undefined;
  drainMs: number;
  workerStopTimeoutMs: number;
  tokenWriteStartWithinMs: number;
}

export function opsConfig(e: OpsEnvValues): OpsConfig {
  return {
    trustProxy: e.TRUST_PROXY ?? false,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    metricsToken: e.METRICS_TOKEN,
    // A load balancer needs a few probe periods to see the 503; nothing waits for one in development.
    drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    workerStopTimeoutMs: e.WORKER_STOP_TIMEOUT_MS,
    tokenWriteStartWithinMs: e.TOKEN_WRITE_START_WITHIN_MS,
  };
}

/**
 * Production keys per role (decision 0140): `migrate` needs only the database, `deploy-token` the database and
 * the chain; api and worker need the token's address, since only `deploy-token` ever deploys it.
 */
export function opsRequirements(env: Record<string, string | undefined>): string[] {
  const missing: string[] = [];
  const need = (key: string, why: string) => {
    if (!env[key]) missing.push(`${key}: required in production — ${why}`);
  };
  if (env.HANABI_ROLE === 'migrate') {
    need('DATABASE_URL', 'the PostgreSQL database to migrate');
  } else if (env.HANABI_ROLE === 'deploy-token') {
    need('DATABASE_URL', 'where the deployed address is recorded');
    need('CHAIN_RPC_URL', 'the chain to deploy the token on');
  } else {
    need(
      'CHAIN_CONTRACT_ADDRESS',
      'the token contract (deploy it once with `npm run deploy-token`, which prints the address)',
    );
  }
  return missing;
}
