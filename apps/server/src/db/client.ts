import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { importEmbeddedPart } from '../lib/embedded-part.ts';
import { releaseClientsOfFailedTransactions } from './pooled-transaction.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** A connection the pool has lent out, as a slow stop reports it. */
export interface LentConnection {
  forMs: number;
  /** The borrower's stack. */
  where: string;
  /**
   * What the driver knows of it (node-postgres internals, read for this report only): the server process it
   * talks to (pg_stat_activity.pid), whether it still takes queries, whether the server has said it is ready,
   * the query in flight and how many wait behind it, and whether its socket is closed.
   */
  driver: {
    backendPid: number | null;
    queryable: boolean | null;
    readyForQuery: boolean | null;
    activeQuery: string | null;
    queued: number | null;
    socketClosed: boolean | null;
  };
}
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A database handle that works the same on PGlite and PostgreSQL, plus what the queue needs of it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The raw driver: a PGlite instance or a pg Pool (pg-boss connects its own way to each). */
  pglite?: PGlite;
  pool?: pg.Pool;
  connectionString?: string;
  /**
   * A private schema for everything (tables, migration journal, queue). Unset in normal runs; tests set it so
   * parallel test files can share one PostgreSQL database without seeing each other.
   */
  schema?: string;
  ping(): Promise<void>;
  /**
   * PostgreSQL: the connections the pool has lent out now, oldest first, each with how long ago and where (the
   * caller's stack). A pool ends only once every lent connection is back, so a stop that hangs names the holder.
   */
  lent?(): LentConnection[];
  close(): Promise<void>;
}

// node-postgres returns int8/numeric as strings; counts and ids we select as int8 should be numbers like on PGlite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * `from` starts the database from a dumped data folder (PGlite's `dumpDataDir`) instead of running initdb: the
 * tests start every embedded database from one migrated template, which takes a fraction of a fresh start.
 */
export async function openPglite(dir: string | undefined, from?: Blob): Promise<Database> {
  // Embedded only (a devDependency): loaded here so a production install runs without it.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    importEmbeddedPart('@electric-sql/pglite', 'DATABASE_URL', () => import('@electric-sql/pglite')),
    importEmbeddedPart('@electric-sql/pglite', 'DATABASE_URL', () => import('drizzle-orm/pglite')),
  ]);
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(from ? { loadDataDir: from } : {}),
  });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite,
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

export async function openPostgres(
  connectionString: string,
  poolMax = 10,
  privateSchema?: string,
  limits: { statementTimeoutMs?: number } = {},
): Promise<Database> {
  if (privateSchema && !/^[a-z_][a-z0-9_]*$/.test(privateSchema)) {
    throw new Error(`Unsafe schema name: ${privateSchema}`);
  }
  // Session settings sent when each connection starts, so they hold on every connection the pool ever makes.
  const settings = [
    ...(privateSchema ? [`-c search_path=${privateSchema}`] : []),
    ...(limits.statementTimeoutMs !== undefined
      ? [
          `-c statement_timeout=${limits.statementTimeoutMs}`,
          `-c idle_in_transaction_session_timeout=${limits.statementTimeoutMs}`,
        ]
      : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max: poolMax,
    // A database that does not answer (a dropped route, not a refused port) fails a checkout instead of hanging it.
    connectionTimeoutMillis: 10_000,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  if (privateSchema) await pool.query(`create schema if not exists ${privateSchema}`);
  // A broken idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  // A checked-out client (a transaction, the signer lock) has no pool listener: when PostgreSQL drops it, its
  // 'error' event would be unhandled and end the process. Its query fails on its own; the event needs an ear.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const lent = trackLending(pool);
  releaseClientsOfFailedTransactions();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    connectionString,
    ...(privateSchema ? { schema: privateSchema } : {}),
    async ping() {
      await pool.query('select 1');
    },
    lent,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * Remembers who borrowed each connection the pool lends out, and since when: `pool.connect` is wrapped (pool.query
 * borrows through it too), the caller's stack kept as an unformatted Error — V8 formats it only if it is read, which
 * happens only when a slow stop reports what it waits for.
 */
function trackLending(pool: pg.Pool): () => LentConnection[] {
  const out = new Map<pg.PoolClient, { since: number; where: Error }>();
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | void;
  const note = (client: pg.PoolClient | undefined, where: Error) => {
    if (client) out.set(client, { since: Date.now(), where });
  };
  (pool as unknown as { connect: typeof connect }).connect = (callback?: ConnectCallback) => {
    const where = new Error('connection borrowed here');
    if (callback) {
      return connect((error, client, done) => {
        note(client, where);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      note(client, where);
      return client;
    });
  };
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => out.delete(client));
  pool.on('remove', (client: pg.PoolClient) => out.delete(client));
  return () =>
    [...out.entries()]
      .sort(([, a], [, b]) => a.since - b.since)
      .map(([client, { since, where }]) => ({
        forMs: Date.now() - since,
        where: (where.stack ?? '').split('\n').slice(1, 12).join('\n'),
        driver: driverState(client),
      }));
}

/** The driver's view of one connection, from node-postgres fields that are not public API (a report only). */
function driverState(client: pg.PoolClient): LentConnection['driver'] {
  const inner = client as unknown as {
    processID?: number;
    _queryable?: boolean;
    readyForQuery?: boolean;
    _activeQuery?: { text?: string } | null;
    activeQuery?: { text?: string } | null;
    _queryQueue?: unknown[];
    queryQueue?: unknown[];
    connection?: { stream?: { destroyed?: boolean; readyState?: string } };
  };
  const active = inner._activeQuery ?? inner.activeQuery ?? null;
  const stream = inner.connection?.stream;
  return {
    backendPid: inner.processID ?? null,
    queryable: inner._queryable ?? null,
    readyForQuery: inner.readyForQuery ?? null,
    activeQuery: active?.text?.slice(0, 200) ?? null,
    queued: (inner._queryQueue ?? inner.queryQueue)?.length ?? null,
    socketClosed: stream ? Boolean(stream.destroyed) || stream.readyState === 'closed' : null,
  };
}
