import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { openPglite, openPostgres, type Database, type Schema } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { serverPaths } from '../paths.ts';
import type { TestBackend } from './test-context.ts';

/**
 * A database migrated up to one committed migration (`tag`, e.g. `0024_dev_mail_headers`) and no further, for
 * tests of a migration on the rows an older schema held: write them with SQL of that schema, then `finish()`
 * applies the rest as a deployment would (the real `runMigrations`). PGlite in memory, or a private schema on
 * TEST_DATABASE_URL's server; `close()` drops it.
 */
export async function databaseMigratedUntil(
  backend: TestBackend,
  tag: string,
): Promise<{
  database: Database;
  sql: (text: string, params?: unknown[]) => Promise<unknown[]>;
  finish(): Promise<void>;
  close(): Promise<void>;
}> {
  const folder = await migrationsUntil(tag);
  const schema = backend === 'postgres' ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const database =
    backend === 'postgres'
      ? await openPostgres(process.env.TEST_DATABASE_URL!, 2, schema)
      : await openPglite(undefined);
  const journal = schema ? { migrationsSchema: schema } : {};
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder, ...journal });
  } else {
    await migratePg(drizzlePg({ client: database.pool! }), { migrationsFolder: folder, ...journal });
  }
  return {
    database,
    async sql(text, params = []) {
      if (database.kind === 'pglite') return (await database.pglite!.query(text, params)).rows;
      return (await database.pool!.query(text, params)).rows;
    },
    finish: () => runMigrations(database),
    async close() {
      await database.close();
      await fs.rm(folder, { recursive: true, force: true });
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    },
  };
}

/** A copy of the committed migrations whose journal ends at `tag`. */
async function migrationsUntil(tag: string): Promise<string> {
  const journalFile = path.join(serverPaths.migrations, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag}`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await fs.copyFile(
      path.join(serverPaths.migrations, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}
