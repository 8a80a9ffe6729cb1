import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is parsed here once; a bad value stops start-up with a list of
 * every bad key, so an operator fixes them all in one go instead of one per restart.
 */

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: z.url().optional(),
  HANABI_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  HANABI_DATA_DIR: z.string().min(1).default('./data'),
  HANABI_DEMO: booleanFlag.default(true),
  HANABI_WEB_DIST: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  HANABI_EXTERNAL_REDIRECT_HOSTS: commaList.default([
    'youtube.com',
    'youtu.be',
    'twitcasting.tv',
    'x.com',
    'twitter.com',
    'etherscan.io',
    'polygonscan.com',
  ]),
  HANABI_OPERATOR_EMAILS: commaList.default([]),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  HANABI_DEFAULT_LOCALE: z.enum(['ja', 'en']).default('ja'),
  HOUSEKEEPING_CRON: z.string().min(9).default('*/15 * * * *'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string;
  role: 'api' | 'worker' | 'all';
  dataDir: string;
  demo: boolean;
  webDist: string | undefined;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolMax: number };
  log: { level: string; pretty: boolean };
  http: { rateLimitPerMinute: number; bodyLimitBytes: number };
  externalRedirectHosts: string[];
  operatorEmails: string[];
  chainId: number;
  defaultLocale: 'ja' | 'en';
  housekeepingCron: string;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default). Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.HANABI_DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    role: e.HANABI_ROLE,
    dataDir,
    demo: e.HANABI_DEMO,
    webDist: e.HANABI_WEB_DIST ? path.resolve(e.HANABI_WEB_DIST) : undefined,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dir: path.join(dataDir, 'pg') },
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? e.NODE_ENV === 'development' },
    http: { rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE, bodyLimitBytes: e.BODY_LIMIT_BYTES },
    externalRedirectHosts: e.HANABI_EXTERNAL_REDIRECT_HOSTS,
    operatorEmails: e.HANABI_OPERATOR_EMAILS.map((email) => email.toLowerCase()),
    chainId: e.CHAIN_ID,
    defaultLocale: e.HANABI_DEFAULT_LOCALE,
    housekeepingCron: e.HOUSEKEEPING_CRON,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** True when no outside service is configured: the product runs on its embedded parts. */
export function isEmbedded(config: AppConfig): boolean {
  return config.database.kind === 'pglite';
}
