import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import { openPostgres, type Database } from './client.ts';

/** The session limits production's pool sets on every connection (decision 0159). */
describe.runIf(process.env.TEST_DATABASE_URL)('statement and idle-transaction timeouts (postgres)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });
  const open = async () => (database = await openPostgres(url, 3, undefined, { statementTimeoutMs: 500 }));

  it('cancels a statement that runs too long, and every new connection has the limit', async () => {
    const { pool } = await open();
    const clients = await Promise.all([pool!.connect(), pool!.connect(), pool!.connect()]);
    const settings = await Promise.all(clients.map((client) => client.query('show statement_timeout')));
    for (const client of clients) client.release();
    expect(settings.map((result) => result.rows[0].statement_timeout)).toEqual(['500ms', '500ms', '500ms']);
    await expect(pool!.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    expect((await pool!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('ends a transaction left idle, freeing what it held', async () => {
    const { pool } = await open();
    const client = await pool!.connect();
    client.on('error', () => undefined);
    await client.query('begin');
    await client.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
  });

  it('does not count a wait for an advisory lock, and gives the connection its limit back afterwards', async () => {
    const { pool } = await open();
    const key = `statement-timeout-test-${Math.random()}`;
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHas!: () => void;
    const firstHasIt = new Promise<void>((resolve) => (firstHas = resolve));
    const first = withAdvisoryLock(pool!, key, async () => {
      firstHas();
      await firstHolds;
    });
    await firstHasIt;
    const second = withAdvisoryLock(
      pool!,
      key,
      async (client) => (await client.query('select 2 as two')).rows,
    );
    setTimeout(releaseFirst, 1500); // three times the statement limit
    await first;
    expect(await second).toEqual([{ two: 2 }]);
    const clients = await Promise.all([pool!.connect(), pool!.connect(), pool!.connect()]);
    const settings = await Promise.all(clients.map((client) => client.query('show statement_timeout')));
    for (const client of clients) client.release();
    expect(settings.map((result) => result.rows[0].statement_timeout)).toEqual(['500ms', '500ms', '500ms']);
  });

  it('answers a request whose statement was cancelled with 503 in the envelope, not 500', async () => {
    let ctx: TestContext | undefined = undefined;
    ctx = await createTestContext('postgres', {
      extraRoutes: (app) =>
        app.get('/test/slow', { config: { access: 'public' } }, async () => {
          // One transaction whose own limit is short: what any statement meets past DATABASE_STATEMENT_TIMEOUT_MS.
          await ctx!.container.database.pool!.query(
            'begin; set local statement_timeout = 100; select pg_sleep(1); commit',
          );
          return { ok: true };
        }),
    });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/test/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    } finally {
      await ctx.close();
    }
  });
});
