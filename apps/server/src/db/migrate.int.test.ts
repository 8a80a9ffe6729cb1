import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPaths } from '../paths.ts';
import { openPostgres, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';

/**
 * Production starts its api and worker processes together, each running the migrations at start: on a fresh
 * database they must take turns (before the advisory lock, all but one died on duplicate catalog rows).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('migrations started by several processes at once', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const handles: Database[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('all succeed on a fresh database and apply each migration once', async () => {
    for (let i = 0; i < 4; i += 1) handles.push(await openPostgres(url, 2, schema));
    const results = await Promise.allSettled(handles.map((handle) => runMigrations(handle)));
    expect(results.map((result) => result.status)).toEqual(handles.map(() => 'fulfilled'));
    const files = (await fs.readdir(serverPaths.migrations)).filter((file) => file.endsWith('.sql'));
    const { rows } = await handles[0]!.pool!.query(
      `select count(*)::int as n from ${schema}.__drizzle_migrations`,
    );
    expect(rows[0].n).toBe(files.length);
    // A later start finds nothing left to do.
    await runMigrations(handles[1]!);
    const again = await handles[0]!.pool!.query(
      `select count(*)::int as n from ${schema}.__drizzle_migrations`,
    );
    expect(again.rows[0].n).toBe(files.length);
  });
});
