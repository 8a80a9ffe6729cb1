import '../polyfills.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { onServer } from './throwaway-database.ts';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../config.ts';
import { createContainer, type Container } from '../container.ts';
import { buildApp } from '../app.ts';
import { recordUntranslatedErrors } from './untranslated-errors.ts';
import { checkOpenApiAnswers } from './openapi-answers.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import pino from 'pino';
import { createLogger, loggerOptions } from '../logger.ts';
import type { SessionResolver, SessionUser } from '../http/session.ts';

export type TestBackend = 'pglite' | 'postgres';

/**
 * Where an integration file runs. Without TEST_DATABASE_URL: PGlite, the README's embedded default. With it (CI):
 * PostgreSQL, production's database, and PGlite as well only for a file that covers what differs on the embedded
 * database (`embedded: true`: the client, migrations, LISTEN/NOTIFY, the queue and a slice of each module).
 * `TEST_BACKENDS=all` runs every file on both; `TEST_BACKENDS=postgres` runs none on PGlite.
 */
export function testBackends(options: { embedded?: boolean } = {}): TestBackend[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  const wanted = process.env.TEST_BACKENDS;
  if (wanted === 'postgres') return ['postgres'];
  return options.embedded || wanted === 'all' ? ['pglite', 'postgres'] : ['postgres'];
}

/** The one backend a file that needs only one runs on: production's when the run has it. */
export function primaryBackend(): TestBackend {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

declare module 'vitest' {
  interface ProvidedContext {
    /** A dumped, migrated PGlite data folder (integration.global-setup.ts): embedded test databases start from it. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server: each PostgreSQL test database is created from it. */
    postgresTemplate: string;
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated template the integration run's global set-up dumped (none when a file runs outside it). */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    if (!file || !fs.existsSync(file)) return undefined;
    return new Blob([await fs.promises.readFile(file)]);
  })();
  return template;
}

export interface TestContext {
  backend: TestBackend;
  config: AppConfig;
  container: Container;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A config for tests. Files a test may create (IPFS blocks, chain state) go to a fresh temporary folder, never to
 * the project's ./data.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    HANABI_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-test-')),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HANABI_DEMO: '0',
    // Tests see every change at once unless they test the caches themselves (then they pass their own).
    PUBLIC_READ_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
    // Tests sign the same people in many times; the sign-in link limits have their own test.
    SIGN_IN_LINK_PER_ADDRESS: '100000',
    SIGN_IN_LINK_PER_IP: '100000',
    // Test streams are rows nobody reads: draws freeze at once unless a test is about the wait (decision 0204).
    DRAW_INGEST_WAIT_SECONDS: '0',
    // A crawler's page waits for its share card (a cold card worker on a busy machine takes seconds) unless a
    // test is about the placeholder (decision 0211).
    OG_CARD_WAIT_MS: '10000',
    ...env,
  });
}

/**
 * A fresh, migrated database: an in-memory PGlite, or a database of its own on the test PostgreSQL server, each
 * copied from the template the integration run's global set-up migrated once (integration.global-setup.ts).
 */
export async function openTestDatabase(
  backend: TestBackend,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openPglite(undefined, await pgliteTemplate());
    return { database, drop: async () => undefined };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = inject('postgresTemplate');
  if (!template) return openPrivateSchema(url);
  const name = `hanabi_t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const database = await openPostgres(databaseUrl.toString(), 5);
  return {
    database,
    async drop() {
      await database.close();
      await onServer(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Outside the integration run's global set-up (no template): a private schema on the server's own database. */
async function openPrivateSchema(url: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const database = await openPostgres(url, 5, schema);
  return {
    database,
    async drop() {
      await database.close();
      await onServer(url, async (admin) => {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.query(`drop schema if exists ${schema}_boss cascade`);
      });
    },
  };
}

export async function createTestContext(
  backend: TestBackend,
  options: {
    env?: Record<string, string>;
    workers?: boolean;
    sessions?: SessionResolver;
    /** Extra routes registered before the app is sealed (to exercise shared HTTP behaviour). */
    extraRoutes?: (app: FastifyInstance) => void;
    /** Where the log goes instead of stdout (the same logger options: redaction, scrubbing). */
    logStream?: pino.DestinationStream;
  } = {},
): Promise<TestContext> {
  const config = testConfig(options.env);
  const log = options.logStream ? pino(loggerOptions(config), options.logStream) : createLogger(config);
  const { database, drop } = await openTestDatabase(backend);
  const container = await createContainer(config, log, {
    database,
    ...(options.sessions ? { sessions: options.sessions } : {}),
  });
  if (options.workers) await container.queue.startWorkers();
  const app = await buildApp(container, (instance) => {
    recordUntranslatedErrors(instance);
    checkOpenApiAnswers(instance);
  });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    backend,
    config,
    container,
    app,
    async close() {
      // The test is done with the server: connections its clients left open (a keep-alive socket, a stream read
      // by the server's own adapters) would otherwise hold the close for Fastify's 72 s keep-alive timeout.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await container.close();
      await drop();
      await fs.promises.rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A session resolver for tests: the caller is whoever the `x-test-user` header names (JSON of a SessionUser). */
export const headerSessions: SessionResolver = {
  async resolve(request) {
    const raw = request.headers['x-test-user'];
    return typeof raw === 'string' ? (JSON.parse(raw) as SessionUser) : null;
  },
};

export function asUser(user: Partial<SessionUser>): Record<string, string> {
  const session: SessionUser = {
    userId: 'u1',
    authUserId: 'a1',
    email: 'someone@example.com',
    type: 'streamer',
    role: 'user',
    viaCookie: false,
    ...user,
  };
  return { 'x-test-user': JSON.stringify(session) };
}
