import '../polyfills.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../config.ts';
import { createContainer, type Container } from '../container.ts';
import { buildApp } from '../app.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import pino from 'pino';
import { createLogger, loggerOptions } from '../logger.ts';
import type { SessionResolver, SessionUser } from '../http/session.ts';

export type TestBackend = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testBackends(): TestBackend[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  // `npm run test:node24` runs the production path only (PostgreSQL); the main run covers both.
  return process.env.TEST_BACKENDS === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
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
    ...env,
  });
}

/**
 * A fresh database (in-memory PGlite, or a private schema on the test PostgreSQL), migrated, with the queue
 * started and the app built — everything main.ts does, minus listening on a port.
 */
export async function openTestDatabase(
  backend: TestBackend,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openPglite(undefined);
    return { database, drop: async () => undefined };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const database = await openPostgres(url, 5, schema);
  return {
    database,
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.query(`drop schema if exists ${schema}_boss cascade`);
      } finally {
        await admin.end();
      }
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
  const app = await buildApp(container);
  options.extraRoutes?.(app);
  await app.ready();
  return {
    backend,
    config,
    container,
    app,
    async close() {
      await app.close();
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
