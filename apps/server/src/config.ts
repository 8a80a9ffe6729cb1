import fs from 'node:fs';
import path from 'node:path';
import { privateKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import { DRAND_CHAINS, DRAND_QUICKNET } from '@hanabi/draw';
import { OpsEnv, opsConfig, opsRequirements, type OpsConfig } from './config-ops.ts';

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

// ─── Secrets and the chain signer (issue 24 item 6, decision 0147) ─────────────────────────────────────────────
// Every secret may come from a file instead of the environment (`<KEY>_FILE`, as Docker/Kubernetes secrets are
// mounted): the file is read here, one trailing newline trimmed. Setting both is a listed error, never a guess.
// The signer key is read only by processes that sign (every role but `api`); an api process needs at most the
// signer's address, or signs through a remote signer (JSON-RPC `eth_signTransaction`) and never holds a key.

/** Keys that hold a secret (a password, a key, or a URL that may carry credentials or an API key). */
export const SECRET_KEYS = [
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'TWITTER_CLIENT_SECRET',
  'YOUTUBE_CLIENT_SECRET',
  'TWITCASTING_CLIENT_SECRET',
  'CHAIN_RPC_URL',
  'CHAIN_SIGNER_KEY',
  'CHAIN_SIGNER_URL',
  'IPFS_RPC_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SENTRY_DSN',
] as const;

/**
 * Roles that sign (deliveries, operator token writes in `all`, the one-shot `deploy-token`). Every other role (`api`, and any one-shot role such
 * as a migrate job) never reads the signer key, even when it is in its environment.
 */
const SIGNING_ROLES = new Set(['worker', 'all', 'deploy-token']);
const signsIn = (role: string | undefined) => SIGNING_ROLES.has(role ?? 'all');

const SIGNER_ENV = {
  /** A remote signer's JSON-RPC URL (Web3Signer-style `eth_signTransaction`); then no process holds the key. */
  CHAIN_SIGNER_URL: z.url().optional(),
  /** The signer's address: what an api process without the key reports; checked against a remote signer. */
  CHAIN_SIGNER_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
};

export type ChainSignerConfig =
  | { kind: 'local'; key: `0x${string}` }
  | { kind: 'remote'; url: string; address: `0x${string}` | undefined }
  /** An api process with neither key nor remote signer: reads only, writes answer 503. */
  | { kind: 'none'; address: `0x${string}` };

/** Replaces every `<KEY>_FILE` by the file's content under `<KEY>`; lists what went wrong instead of throwing. */
function readSecretFiles(env: Record<string, string>): { env: Record<string, string>; issues: string[] } {
  const out = { ...env };
  const issues: string[] = [];
  const signs = signsIn(env.HANABI_ROLE);
  for (const key of SECRET_KEYS) {
    const fileKey = `${key}_FILE`;
    const file = env[fileKey];
    delete out[fileKey];
    if (key === 'CHAIN_SIGNER_KEY' && !signs) {
      // An api derives the signer's address from a key it is given, then forgets the key (see chainSignerConfig);
      // a key file it is given is not opened unless that address is needed.
      if (file && !env.CHAIN_SIGNER_ADDRESS && !env.CHAIN_SIGNER_URL && !env[key]) {
        const read = readSecretFile(fileKey, file);
        if ('issue' in read) issues.push(read.issue);
        else out[key] = read.value;
      }
      continue;
    }
    if (file === undefined) continue;
    if (env[key] !== undefined) {
      issues.push(`${key}, ${fileKey}: set one or the other, not both`);
      continue;
    }
    const read = readSecretFile(fileKey, file);
    if ('issue' in read) issues.push(read.issue);
    else out[key] = read.value;
  }
  return { env: out, issues };
}

function readSecretFile(fileKey: string, file: string): { value: string } | { issue: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { issue: `${fileKey}: cannot read ${file} (${code})` };
  }
  // One trailing newline is what `echo` and most editors add; anything else is part of the secret.
  const value = text.replace(/\r?\n$/, '');
  return value === '' ? { issue: `${fileKey}: ${file} is empty` } : { value };
}

function signerRequirements(env: Record<string, string | undefined>): string[] {
  if (!env.CHAIN_RPC_URL) return [];
  const signs = signsIn(env.HANABI_ROLE);
  if (env.CHAIN_SIGNER_URL && env.CHAIN_SIGNER_KEY && signs) {
    return ['CHAIN_SIGNER_KEY, CHAIN_SIGNER_URL: set one signer, a local key or a remote signer'];
  }
  if (env.CHAIN_SIGNER_URL) return [];
  if (signs && !env.CHAIN_SIGNER_KEY) {
    return ['CHAIN_SIGNER_KEY: required when CHAIN_RPC_URL is set (or CHAIN_SIGNER_URL for a remote signer)'];
  }
  if (!signs && !env.CHAIN_SIGNER_KEY && !env.CHAIN_SIGNER_ADDRESS) {
    return [
      `CHAIN_SIGNER_ADDRESS: required for HANABI_ROLE=${env.HANABI_ROLE} when CHAIN_RPC_URL is set (the signer key stays with the workers) — or CHAIN_SIGNER_URL`,
    ];
  }
  return [];
}

function chainSignerConfig(e: {
  HANABI_ROLE: string;
  CHAIN_SIGNER_KEY?: string;
  CHAIN_SIGNER_URL?: string;
  CHAIN_SIGNER_ADDRESS?: string;
}): ChainSignerConfig {
  const address = e.CHAIN_SIGNER_ADDRESS as `0x${string}` | undefined;
  if (e.CHAIN_SIGNER_URL) return { kind: 'remote', url: e.CHAIN_SIGNER_URL, address };
  const key = e.CHAIN_SIGNER_KEY as `0x${string}` | undefined;
  if (signsIn(e.HANABI_ROLE) && key) return { kind: 'local', key };
  // Checked by signerRequirements: an api has an address or a key to derive it from (the key is not kept).
  return { kind: 'none', address: address ?? privateKeyToAddress(key!) };
}
// ─── end of secrets and the chain signer ──────────────────────────────────────────────────────────────────────

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /**
   * Where to listen. Outside production only this machine by default (`localhost`, IPv4 and IPv6 loopback): a plain
   * `npm start` serves the dev mailbox and seeds a demo operator, which must not reach a café's network. Production
   * (the container) listens everywhere. See `exposedWithoutProduction`.
   */
  HOST: z.string().min(1).optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  HANABI_ROLE: z.enum(['api', 'worker', 'all', 'migrate', 'deploy-token', 'doctor']).default('all'),
  HANABI_DATA_DIR: z.string().min(1).default('./data'),
  /** Default on, except in production: demo accounts (one an operator) and a demo airdrop never go there unasked. */
  HANABI_DEMO: booleanFlag.optional(),
  /** The dev mailbox (`/dev/mailbox`, embedded mode without SMTP): on by default only when listening on loopback. */
  DEV_MAILBOX: booleanFlag.optional(),
  HANABI_WEB_DIST: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL: a statement running longer is cancelled, a transaction idle longer is ended, a connection not made
   * in 10 s fails (decision 0159); 0 turns the first two off. Waits for advisory locks are not counted.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Live event streams (the live room's and overlay's, notifications) one client IP may hold open at once, over
   * every api process; generous, as a carrier's NAT puts many viewers behind one address.
   */
  EVENT_STREAMS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** The same per signed-in person (the notification stream), wherever they connect from. */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** How long a public read (campaign, lists) is served from a process's cache; writes invalidate it anyway. */
  PUBLIC_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** How long a signed-in session is reused in a process before better-auth is asked again. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
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
  // Error reporting (Sentry): on only in production and only when a DSN is set.
  SENTRY_DSN: z.url().optional(),
  /** The browser's DSN when it differs from the server's (a separate Sentry project); default SENTRY_DSN. */
  SENTRY_BROWSER_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  HOUSEKEEPING_CRON: z.string().min(9).default('*/15 * * * *'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Set by npm to the folder `npm run …` was started from; relative paths resolve against it, so
  // `npm run operator`/`npm run seed` (which run inside apps/server) open the same ./data as `npm start`.
  INIT_CWD: z.string().optional(),
  // Identity (better-auth). AUTH_SECRET signs session cookies and tokens; required in production. Embedded runs
  // without it generate one on first start and keep it in the database.
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MAGIC_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** E-mail sign-in links one address may be sent per SIGN_IN_LINK_WINDOW_MINUTES (mailbox flooding). */
  SIGN_IN_LINK_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  /** E-mail sign-in links one client IP may ask for per window, whatever the addresses. */
  SIGN_IN_LINK_PER_IP: z.coerce.number().int().min(1).default(20),
  SIGN_IN_LINK_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Held prizes wait this long before they go to a replaced wallet address (decision 0063). */
  WALLET_COOL_OFF_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Replacing or clearing a wallet address needs a sign-in at most this many minutes old. */
  WALLET_RECENT_SIGN_IN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** How long the undo link of a wallet change e-mail works. */
  WALLET_UNDO_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  /** How long a signed wallet challenge (EIP-4361 message) may be used. */
  WALLET_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  TWITTER_AUTHORIZATION_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  TWITTER_TOKEN_URL: z.url().default('https://api.x.com/2/oauth2/token'),
  TWITTER_USERINFO_URL: z.url().default('https://api.x.com/2/users/me'),
  // Mail: SMTP in production (required there); the dev mailbox otherwise.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Chain: an anvil spawned by the server unless CHAIN_RPC_URL points at a node (then the signer key is needed).
  CHAIN_RPC_URL: z.url().optional(),
  CHAIN_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional(),
  CHAIN_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
  /**
   * A public JSON-RPC URL of the chain, published in /api/config for proof readers to read draw records with
   * (decision 0202). Never CHAIN_RPC_URL itself: that one may carry a provider's key.
   */
  CHAIN_PUBLIC_RPC_URL: z.url().optional(),
  /** The draw registry (decision 0202); unset: the one `deploy-token` recorded (embedded: deployed on first need). */
  CHAIN_DRAW_REGISTRY_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
  /**
   * A draw's drand round is the first published at least this long after its record is sent (decision 0202): the
   * record must be mined before the round exists, or the draw is void and committed again.
   */
  DRAW_ROUND_MARGIN_SECONDS: z.coerce.number().int().min(3).max(600).default(10),
  /**
   * How long a draw waits, at most, for every chat of its campaign to be read past its close time T before it
   * freezes the entrants anyway and says which chats had not caught up (decision 0204). 0: no wait.
   */
  DRAW_INGEST_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  ...SIGNER_ENV,
  // IPFS: the embedded block store unless IPFS_RPC_URL points at a Kubo node's RPC API.
  IPFS_RPC_URL: z.url().optional(),
  IPFS_GATEWAY_URL: z.url().optional(),
  /** Largest file an operator may pin through POST /api/admin/ipfs (default 50 MB). */
  IPFS_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(52_428_800),
  // Uploads and files: a local folder (<dataDir>/files) unless S3_BUCKET names an S3-compatible bucket.
  UPLOAD_MAX_BYTES_CAMPAIGN: z.coerce.number().int().min(1024).default(10_485_760),
  UPLOAD_MAX_BYTES_DIGITALGOODS: z.coerce.number().int().min(1024).default(104_857_600),
  S3_BUCKET: z.string().min(3).optional(),
  /** Bucket for public images (`ogp/…`); defaults to S3_BUCKET. */
  S3_PUBLIC_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of S3_BUCKET (e.g. a CDN); unset = files are served through GET /files/*. */
  S3_ASSET_URL: z.url().optional(),
  /** Public base URL of S3_PUBLIC_BUCKET; unset = served through GET /files/ogp/*. */
  S3_PUBLIC_URL: z.url().optional(),
  CAMPAIGN_STATUS_CRON: z.string().min(9).default('* * * * *'),
  // Share cards (decision 0211): drawn in a worker thread with a heap ceiling, one at a time, off the request path.
  OG_CARD_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
  OG_CARD_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  OG_CARD_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(256),
  // Delivery engine (docs/design.md §8).
  /** Recipients per airdrop transaction (also kept under DELIVERY_GAS_CAP). */
  DELIVERY_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(200),
  /** Most gas one airdrop may use (the block gas limit of small chains is 30M; anvil's default is 30M). */
  DELIVERY_GAS_CAP: z.coerce.number().int().min(100_000).default(15_000_000),
  /** Blocks on top of a transaction's block before its deliveries count as confirmed (default 1 embedded, 3 otherwise). */
  DELIVERY_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).optional(),
  /** A broadcast transaction unmined this long is replaced (same nonce, higher fee). */
  DELIVERY_STUCK_AFTER_SECONDS: z.coerce.number().int().min(5).default(90),
  /** Tries before a delivery that keeps failing before broadcast is marked failed. */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** How long one JSON-RPC call may take before it counts as failed. */
  CHAIN_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  // Draw beacon (docs/design.md §7; decision 0199): drand when DRAND_URL is set (required in production), else the
  // embedded chain's next block, whose draws are practice draws (the server controls that chain).
  /** A drand HTTP relay, e.g. https://api.drand.sh; unset (outside production) = the chain's next block hash. */
  DRAND_URL: z.url().optional(),
  /**
   * The drand chain to read: League of Entropy quicknet (default, a round every 3 s) or the chained `default` chain
   * (8990e7a9…, every 30 s). Only a chain whose public key `@hanabi/draw` pins: its rounds are verified against that
   * key, here and by every proof reader (decisions 0170, 0199).
   */
  DRAND_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .refine(
      (hash) => hash in DRAND_CHAINS,
      `a drand chain whose public key @hanabi/draw pins (${Object.values(DRAND_CHAINS)
        .map((chain) => `${chain.name} ${chain.chainHash}`)
        .join(', ')})`,
    )
    .default(DRAND_QUICKNET.chainHash),
  // Live platforms: the embedded sandbox (/sandbox/…) unless real endpoints are configured (docs/design.md §3).
  /** Force the sandbox on or off; default on when embedded (no DATABASE_URL) and no platform URL is set. */
  LIVE_SANDBOX: booleanFlag.optional(),
  YOUTUBE_CLIENT_ID: z.string().min(1).optional(),
  YOUTUBE_CLIENT_SECRET: z.string().min(1).optional(),
  YOUTUBE_API_URL: z.url().optional(),
  YOUTUBE_AUTHORIZATION_URL: z.url().optional(),
  YOUTUBE_TOKEN_URL: z.url().optional(),
  /** How chat is read: `stream` (liveChatMessages.stream, falling back to list on error) or `list` only. */
  YOUTUBE_CHAT_TRANSPORT: z.enum(['stream', 'list']).default('stream'),
  /** The Google project's daily quota (units, Pacific day) that every stream's reader is budgeted from. */
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(1).default(10_000),
  TWITCASTING_CLIENT_ID: z.string().min(1).optional(),
  TWITCASTING_CLIENT_SECRET: z.string().min(1).optional(),
  /** Base of API v2 and its OAuth (`/oauth2/authorize`, `/oauth2/access_token`). */
  TWITCASTING_API_URL: z.url().optional(),
  ...OpsEnv,
});

/** Keys that have no default in production: listed together when missing. */
function productionRequirements(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  // The one-shot commands need only what they touch (decision 0140); api and worker need everything.
  if (env.HANABI_ROLE === 'migrate' || env.HANABI_ROLE === 'deploy-token') return opsRequirements(env);
  const missing: string[] = [];
  if (!env.AUTH_SECRET) missing.push('AUTH_SECRET: required in production (at least 32 random characters)');
  if (!env.SMTP_URL) missing.push('SMTP_URL: required in production (e-mail sign-in links are sent by SMTP)');
  if (!env.PUBLIC_ORIGIN)
    missing.push('PUBLIC_ORIGIN: required in production (links in e-mails and OAuth callbacks)');
  // Without these the embedded parts would start: PGlite (one process only), an anvil whose keys are public,
  // a block store and a folder on this machine's disk. Production never falls back to them silently.
  const embeddedInstead: Array<[string, string]> = [
    ['DATABASE_URL', 'PostgreSQL (otherwise PGlite in the data folder)'],
    ['CHAIN_RPC_URL', 'the chain JSON-RPC node (otherwise a local anvil with public keys)'],
    ['IPFS_RPC_URL', 'a Kubo node (otherwise a block store in the data folder)'],
    ['S3_BUCKET', 'S3-compatible storage (otherwise files in the data folder)'],
    // The chain's block hash is a practice beacon (this server controls that chain): a production draw is drand's.
    [
      'DRAND_URL',
      "a drand HTTP relay for the draws' public randomness (otherwise the embedded chain's block hash: practice draws only)",
    ],
  ];
  for (const [key, what] of embeddedInstead) {
    if (!env[key]) missing.push(`${key}: required in production — ${what}`);
  }
  // The sandbox's fake platforms and chat console are open to anyone: never on a production server.
  if (['1', 'true', 'yes', 'on'].includes(env.LIVE_SANDBOX ?? '')) {
    missing.push('LIVE_SANDBOX: the live platform sandbox cannot run in production');
  }
  return [...missing, ...opsRequirements(env)];
}

function pairRequirements(env: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    issues.push('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  }
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
    issues.push('GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set');
  }
  if (env.TWITTER_CLIENT_SECRET && !env.TWITTER_CLIENT_ID) {
    issues.push('TWITTER_CLIENT_ID: required when TWITTER_CLIENT_SECRET is set');
  }
  issues.push(...signerRequirements(env));
  if (env.IPFS_RPC_URL && !env.IPFS_GATEWAY_URL) {
    issues.push('IPFS_GATEWAY_URL: required when IPFS_RPC_URL is set (browsers fetch files from it)');
  }
  if (Boolean(env.YOUTUBE_CLIENT_ID) !== Boolean(env.YOUTUBE_CLIENT_SECRET)) {
    issues.push('YOUTUBE_CLIENT_ID, YOUTUBE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(env.TWITCASTING_CLIENT_ID) !== Boolean(env.TWITCASTING_CLIENT_SECRET)) {
    issues.push('TWITCASTING_CLIENT_ID, TWITCASTING_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    issues.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither = the AWS default chain)',
    );
  }
  if (!env.S3_BUCKET && (env.S3_PUBLIC_BUCKET || env.S3_ENDPOINT)) {
    issues.push('S3_BUCKET: required when S3_PUBLIC_BUCKET or S3_ENDPOINT is set');
  }
  return issues;
}

export interface OAuthProviderConfig {
  clientId: string;
  /** Absent for an X public client (PKCE only). */
  clientSecret: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Listening beyond loopback outside production: the dev mailbox, sandbox and demo are off unless asked for. */
  exposed: boolean;
  publicOrigin: string;
  /** `migrate`, `deploy-token` and `doctor` are one-shot commands: they do their one thing and exit. */
  role: 'api' | 'worker' | 'all' | 'migrate' | 'deploy-token' | 'doctor';
  dataDir: string;
  demo: boolean;
  /** Serve the dev mailbox (only where mail goes to it: embedded mode without SMTP). */
  devMailbox: boolean;
  webDist: string | undefined;
  database:
    | { kind: 'pglite'; dir: string }
    | { kind: 'postgres'; url: string; poolMax: number; statementTimeoutMs: number };
  log: { level: string; pretty: boolean };
  http: {
    rateLimitPerMinute: number;
    /** Open event streams allowed per client IP and per signed-in person (decision 0209). */
    eventStreamsPerIp: number;
    eventStreamsPerUser: number;
    bodyLimitBytes: number;
    publicReadCacheMs: number;
    sessionCacheMs: number;
  };
  externalRedirectHosts: string[];
  operatorEmails: string[];
  chainId: number;
  defaultLocale: 'ja' | 'en';
  /** Null unless NODE_ENV is production and SENTRY_DSN is set. */
  errorReporting: { dsn: string; browserDsn: string; environment: string } | null;
  housekeepingCron: string;
  /** Proof and notice around the address prizes go to (decision 0063). */
  wallet: {
    coolOffMs: number;
    recentSignInMs: number;
    undoTtlMs: number;
    challengeTtlMs: number;
  };
  shutdownTimeoutMs: number;
  auth: {
    /** Unset outside production: the container generates one and keeps it in `app_setting`. */
    secret: string | undefined;
    rateLimitPerMinute: number;
    magicLinkTtlSeconds: number;
    /** Limits on e-mail sign-in link requests, per address and per client IP, in one window. */
    signInLinkLimits: { perAddress: number; perIp: number; windowMs: number };
    /** Wrong codes before a sign-in link opened in another browser stops accepting any (decision 0064). */
    linkCodeMaxAttempts: number;
    /** Session cookies carry `Secure` (production, or an https public origin). */
    secureCookies: boolean;
    google: OAuthProviderConfig | undefined;
    twitter: OAuthProviderConfig | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string };
  chain:
    | { kind: 'embedded'; dir: string; contractAddress: undefined; drawRegistryAddress: undefined }
    | {
        kind: 'rpc';
        rpcUrl: string;
        signer: ChainSignerConfig;
        contractAddress: `0x${string}` | undefined;
        drawRegistryAddress: `0x${string}` | undefined;
      };
  ipfs: (
    | { kind: 'embedded'; dir: string; gatewayUrl: string }
    | { kind: 'kubo'; rpcUrl: string; gatewayUrl: string }
  ) & { uploadMaxBytes: number };
  /** Where uploaded files and public images live. */
  files:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        publicBucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        assetUrl: string | undefined;
        publicUrl: string | undefined;
      };
  uploads: {
    maxBytes: { campaign: number; digitalgoods: number };
    /** Unfinished resumable uploads (embedded tus file store). */
    tusDir: string;
  };
  campaigns: { statusCron: string };
  ogCards: {
    /** How long a crawler's page waits for its card before it points at the placeholder instead. */
    waitMs: number;
    /** A render taking longer is stopped (its worker ended) and its card keeps the placeholder. */
    renderTimeoutMs: number;
    /** The render worker's V8 heap ceiling (`resourceLimits.maxOldGenerationSizeMb`). */
    workerHeapMb: number;
  };
  delivery: {
    batchSize: number;
    gasCap: number;
    confirmations: number;
    stuckAfterMs: number;
    maxAttempts: number;
  };
  chainRpcTimeoutMs: number;
  /** Where draws take their public randomness: a drand chain, or (never in production) the embedded chain's block. */
  beacon: { kind: 'chain' } | { kind: 'drand'; url: string; chainHash: string };
  /** How long after its record is sent a draw's drand round is published, at least (decision 0202). */
  drawRoundMarginMs: number;
  /** The longest a draw waits for ingestion to pass its close time (decision 0204). */
  drawIngestWaitMs: number;
  /** Published for proof readers (decision 0202). */
  chainPublicRpcUrl: string | undefined;
  /** Live platform endpoints; `sandbox` = they point at this server's /sandbox/… fakes (mounted only then). */
  live: LiveConfig;
  /** Operations: proxy trust, probes, metrics, shutdown (config-ops.ts, issue 24). */
  ops: OpsConfig;
}

export interface LiveConfig {
  sandbox: boolean;
  /** How YouTube chat is read, and the project quota all readers share (decisions 0160, 0161). */
  chat: { youtubeTransport: 'stream' | 'list'; youtubeDailyQuota: number };
  youtube: {
    clientId: string;
    clientSecret: string;
    apiUrl: string;
    authorizationUrl: string;
    tokenUrl: string;
  };
  twitcasting: { clientId: string; clientSecret: string; apiUrl: string };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default). Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const secrets = readSecretFiles(
    Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
      ),
    ),
  );
  const cleaned = secrets.env;
  const parsed = EnvSchema.safeParse(cleaned);
  const issues = [
    ...secrets.issues,
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...productionRequirements(cleaned),
    ...pairRequirements(cleaned),
  ];
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e = parsed.data;
  const baseDir = e.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.HANABI_DATA_DIR);
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  const exposed = e.NODE_ENV !== 'production' && !isLoopbackHost(host);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    exposed,
    publicOrigin,
    role: e.HANABI_ROLE,
    dataDir,
    demo: e.HANABI_DEMO ?? (e.NODE_ENV !== 'production' && !exposed),
    devMailbox: e.DEV_MAILBOX ?? !exposed,
    webDist: e.HANABI_WEB_DIST ? path.resolve(baseDir, e.HANABI_WEB_DIST) : undefined,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolMax: e.DATABASE_POOL_MAX,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { kind: 'pglite', dir: path.join(dataDir, 'pg') },
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? e.NODE_ENV === 'development' },
    http: {
      rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
      eventStreamsPerIp: e.EVENT_STREAMS_PER_IP,
      eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      publicReadCacheMs: e.PUBLIC_READ_CACHE_MS,
      sessionCacheMs: e.SESSION_CACHE_MS,
    },
    externalRedirectHosts: e.HANABI_EXTERNAL_REDIRECT_HOSTS,
    operatorEmails: e.HANABI_OPERATOR_EMAILS.map((email) => email.toLowerCase()),
    chainId: e.CHAIN_ID,
    defaultLocale: e.HANABI_DEFAULT_LOCALE,
    errorReporting:
      e.NODE_ENV === 'production' && e.SENTRY_DSN
        ? {
            dsn: e.SENTRY_DSN,
            browserDsn: e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
          }
        : null,
    housekeepingCron: e.HOUSEKEEPING_CRON,
    wallet: {
      coolOffMs: Math.round(e.WALLET_COOL_OFF_HOURS * 3_600_000),
      recentSignInMs: e.WALLET_RECENT_SIGN_IN_MINUTES * 60_000,
      undoTtlMs: e.WALLET_UNDO_TTL_HOURS * 3_600_000,
      challengeTtlMs: e.WALLET_CHALLENGE_TTL_SECONDS * 1000,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    auth: {
      secret: e.AUTH_SECRET,
      rateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      magicLinkTtlSeconds: e.MAGIC_LINK_TTL_SECONDS,
      signInLinkLimits: {
        perAddress: e.SIGN_IN_LINK_PER_ADDRESS,
        perIp: e.SIGN_IN_LINK_PER_IP,
        windowMs: e.SIGN_IN_LINK_WINDOW_MINUTES * 60_000,
      },
      linkCodeMaxAttempts: 5,
      secureCookies: e.NODE_ENV === 'production' || publicOrigin.startsWith('https:'),
      google: e.GOOGLE_CLIENT_ID
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : undefined,
      twitter: e.TWITTER_CLIENT_ID
        ? {
            clientId: e.TWITTER_CLIENT_ID,
            clientSecret: e.TWITTER_CLIENT_SECRET,
            authorizationUrl: e.TWITTER_AUTHORIZATION_URL,
            tokenUrl: e.TWITTER_TOKEN_URL,
            userInfoUrl: e.TWITTER_USERINFO_URL,
          }
        : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Hanabi <no-reply@${new URL(publicOrigin).hostname}>`,
    },
    chain: e.CHAIN_RPC_URL
      ? {
          kind: 'rpc',
          rpcUrl: e.CHAIN_RPC_URL,
          signer: chainSignerConfig(e),
          contractAddress: e.CHAIN_CONTRACT_ADDRESS as `0x${string}` | undefined,
          drawRegistryAddress: e.CHAIN_DRAW_REGISTRY_ADDRESS as `0x${string}` | undefined,
        }
      : {
          kind: 'embedded',
          dir: path.join(dataDir, 'chain'),
          contractAddress: undefined,
          drawRegistryAddress: undefined,
        },
    ipfs: {
      ...(e.IPFS_RPC_URL
        ? {
            kind: 'kubo' as const,
            rpcUrl: e.IPFS_RPC_URL,
            gatewayUrl: e.IPFS_GATEWAY_URL!.replace(/\/$/, ''),
          }
        : {
            kind: 'embedded' as const,
            dir: path.join(dataDir, 'ipfs'),
            gatewayUrl: e.IPFS_GATEWAY_URL?.replace(/\/$/, '') ?? publicOrigin,
          }),
      uploadMaxBytes: e.IPFS_UPLOAD_MAX_BYTES,
    },
    files: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          publicBucket: e.S3_PUBLIC_BUCKET ?? e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          assetUrl: e.S3_ASSET_URL?.replace(/\/$/, ''),
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    uploads: {
      maxBytes: {
        campaign: e.UPLOAD_MAX_BYTES_CAMPAIGN,
        digitalgoods: e.UPLOAD_MAX_BYTES_DIGITALGOODS,
      },
      tusDir: path.join(dataDir, 'uploads'),
    },
    campaigns: { statusCron: e.CAMPAIGN_STATUS_CRON },
    ogCards: {
      waitMs: e.OG_CARD_WAIT_MS,
      renderTimeoutMs: e.OG_CARD_RENDER_TIMEOUT_MS,
      workerHeapMb: e.OG_CARD_WORKER_HEAP_MB,
    },
    delivery: {
      batchSize: e.DELIVERY_BATCH_SIZE,
      gasCap: e.DELIVERY_GAS_CAP,
      confirmations: e.DELIVERY_CONFIRMATIONS ?? (e.CHAIN_RPC_URL ? 3 : 1),
      stuckAfterMs: e.DELIVERY_STUCK_AFTER_SECONDS * 1000,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
    },
    chainRpcTimeoutMs: e.CHAIN_RPC_TIMEOUT_MS,
    // Production never gets here without DRAND_URL (productionRequirements): it never falls back to the chain.
    beacon: e.DRAND_URL
      ? { kind: 'drand', url: e.DRAND_URL.replace(/\/$/, ''), chainHash: e.DRAND_CHAIN_HASH }
      : { kind: 'chain' },
    drawRoundMarginMs: e.DRAW_ROUND_MARGIN_SECONDS * 1000,
    drawIngestWaitMs: e.DRAW_INGEST_WAIT_SECONDS * 1000,
    chainPublicRpcUrl: e.CHAIN_PUBLIC_RPC_URL,
    live: liveConfig(e, publicOrigin, exposed),
    ops: opsConfig(e),
  };
}

/** The sandbox's client credentials: it accepts only these, like a real platform accepts only registered apps. */
export const SANDBOX_CLIENT = { id: 'hanabi-sandbox', secret: 'hanabi-sandbox-secret' } as const;

function liveConfig(e: z.infer<typeof EnvSchema>, publicOrigin: string, exposed: boolean): LiveConfig {
  const sandbox =
    e.LIVE_SANDBOX ??
    (!e.DATABASE_URL &&
      !e.YOUTUBE_API_URL &&
      !e.TWITCASTING_API_URL &&
      e.NODE_ENV !== 'production' &&
      !exposed);
  const strip = (url: string) => url.replace(/\/$/, '');
  const chat = { youtubeTransport: e.YOUTUBE_CHAT_TRANSPORT, youtubeDailyQuota: e.YOUTUBE_DAILY_QUOTA };
  if (sandbox) {
    const youtube = `${publicOrigin}/sandbox/youtube`;
    return {
      sandbox,
      chat,
      youtube: {
        clientId: SANDBOX_CLIENT.id,
        clientSecret: SANDBOX_CLIENT.secret,
        apiUrl: `${youtube}/youtube/v3`,
        authorizationUrl: `${youtube}/o/oauth2/v2/auth`,
        tokenUrl: `${youtube}/token`,
      },
      twitcasting: {
        clientId: SANDBOX_CLIENT.id,
        clientSecret: SANDBOX_CLIENT.secret,
        apiUrl: `${publicOrigin}/sandbox/twitcasting`,
      },
    };
  }
  return {
    sandbox,
    chat,
    youtube: {
      clientId: e.YOUTUBE_CLIENT_ID ?? '',
      clientSecret: e.YOUTUBE_CLIENT_SECRET ?? '',
      apiUrl: strip(e.YOUTUBE_API_URL ?? 'https://www.googleapis.com/youtube/v3'),
      authorizationUrl: e.YOUTUBE_AUTHORIZATION_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: e.YOUTUBE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    },
    twitcasting: {
      clientId: e.TWITCASTING_CLIENT_ID ?? '',
      clientSecret: e.TWITCASTING_CLIENT_SECRET ?? '',
      apiUrl: strip(e.TWITCASTING_API_URL ?? 'https://apiv2.twitcasting.tv'),
    },
  };
}

/** `localhost`, `127.x.x.x` or `::1`: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * The role asked for, before the configuration is parsed: `doctor` reports a configuration that does not parse
 * instead of stopping on it (`npm run doctor`, decision 0225).
 */
export function requestedRole(env: Record<string, string | undefined> = process.env): {
  role: string | undefined;
  production: boolean;
} {
  return { role: env.HANABI_ROLE, production: env.NODE_ENV === 'production' };
}

/** True when no outside service is configured: the product runs on its embedded parts. */
export function isEmbedded(config: AppConfig): boolean {
  return config.database.kind === 'pglite';
}
