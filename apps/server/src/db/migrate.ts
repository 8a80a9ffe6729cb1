import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client.ts';
import { serverPaths } from '../paths.ts';
import { withAdvisoryLock } from './advisory-lock.ts';

/**
 * Applies the committed drizzle migrations; the same files on PGlite and PostgreSQL.
 *
 * On PostgreSQL several processes start at once (api and worker replicas): without a lock each one sees an
 * empty journal and runs the same DDL, and all but one die on duplicate catalog rows. A session advisory lock
 * (one per schema) makes them take turns; whoever comes after the first finds the journal complete and does
 * nothing. The migrations run on the connection that holds the lock, so a dead process releases it with its
 * connection.
 */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = serverPaths.migrations;
  const journal = database.schema ? { migrationsSchema: database.schema } : {};
  if (database.kind === 'pglite') {
    // The PGlite migrator loads PGlite itself: imported only here, so a production install runs without it.
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder, ...journal });
    return;
  }
  await withAdvisoryLock(database.pool!, migrationLockKey(database), (client) =>
    migratePg(drizzlePg({ client }), { migrationsFolder, ...journal }),
  );
}

function migrationLockKey(database: Database): string {
  return `hanabi-migrate:${database.schema ?? 'public'}`;
}

/**
 * Runs `task` holding the migrations' lock: one-shot set-up that must happen once however many processes try at
 * the same moment (the token deployment, decision 0140). PGlite has one process, so no lock is needed there.
 */
export async function withMigrationLock<T>(database: Database, task: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return task();
  return withAdvisoryLock(database.pool, migrationLockKey(database), () => task());
}

/** `npm run migrate` (HANABI_ROLE=migrate): applies the migrations under the lock, then closes. */
export async function migrateCommand(open: () => Promise<Database>): Promise<void> {
  const database = await open();
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}

/**
 * The committed migrations this database has not applied yet, by tag (the doctor's check). drizzle applies every
 * journal entry newer than the last one it recorded, so the same comparison says what `migrate` would still do.
 */
export async function pendingMigrations(database: Database): Promise<{ total: number; pending: string[] }> {
  const journal = JSON.parse(
    await fs.readFile(path.join(serverPaths.migrations, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string; when: number }> };
  const table = `"${database.schema ?? 'drizzle'}"."__drizzle_migrations"`;
  let last = -1;
  try {
    const result = (await database.db.execute(
      sql.raw(`select created_at from ${table} order by created_at desc limit 1`),
    )) as unknown as { rows: Array<{ created_at: string | number }> };
    if (result.rows[0]) last = Number(result.rows[0].created_at);
  } catch (error) {
    // No journal table yet: nothing applied. Anything else (connection, permission) is the caller's to report.
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code !== '42P01') throw error;
  }
  return {
    total: journal.entries.length,
    pending: journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag),
  };
}
