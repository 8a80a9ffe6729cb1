import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database, Schema } from './client.ts';
import { serverPaths } from '../paths.ts';

/** Applies the committed drizzle migrations; the same files on PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = serverPaths.migrations;
  const journal = database.schema ? { migrationsSchema: database.schema } : {};
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder, ...journal });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder, ...journal });
  }
}
