import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database on the TEST_DATABASE_URL server for tests that start whole processes on it. `admin` stays
 * connected to the server's own database (a test may cut and restore the throwaway one through it); `drop`
 * removes it even when a test left it refusing connections.
 */
export async function createThrowawayDatabase(name: string): Promise<{
  admin: pg.Client;
  databaseName: string;
  databaseUrl: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const databaseName = `hanabi_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  admin.on('error', () => undefined);
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  return {
    admin,
    databaseName,
    databaseUrl: databaseUrl.toString(),
    async drop() {
      await admin.query(`alter database ${databaseName} allow_connections true`);
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    },
  };
}

/** Runs `task` on a connection to TEST_DATABASE_URL's server (`url`), closed afterwards: creating or dropping a database. */
export async function onServer<T>(url: string, task: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await task(admin);
  } finally {
    await admin.end();
  }
}
