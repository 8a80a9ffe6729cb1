import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { serverPaths } from '../paths.ts';
import type {} from './test-context.ts';
import { onServer } from './throwaway-database.ts';

/**
 * Once per integration run, before any worker starts: the built server, and one migrated template per backend
 * (test-context.ts copies it for every test database):
 * - PGlite: a fresh PGlite runs initdb, seconds of CPU per test database; the migrated data folder is dumped to a
 *   file once and each test database loads it, skipping initdb and the migrations.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database; `create database … template` copies it in milliseconds,
 *   where migrating a fresh one takes most of a second.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The built server the process tests start (main.int, production, crash and built-server tests): built once here,
  // so no two test files rebuild dist/ while another starts it.
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverPaths.root, stdio: 'inherit' });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const embedded = await openPglite(undefined);
  try {
    await runMigrations(embedded);
    const dump = await embedded.pglite!.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await embedded.close();
  }
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await migratedTemplate(url) : undefined;
  if (template) project.provide('postgresTemplate', template.name);

  return async () => {
    await template?.drop();
    await fs.promises.rm(folder, { recursive: true, force: true });
  };
}

async function migratedTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `hanabi_template_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (admin) => admin.query(`create database ${name}`));
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openPostgres(templateUrl.toString(), 1);
  try {
    await runMigrations(database);
  } finally {
    // Copies need the template without connections.
    await database.close();
  }
  return {
    name,
    drop: () =>
      onServer(url, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
