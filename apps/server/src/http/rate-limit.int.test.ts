import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';

const randomIp = () => `198.51.100.${crypto.randomInt(1, 255)}`;

/** A route with its own, tighter limit (what sign-in routes use): counted under its own key. */
function addTightRoute(app: FastifyInstance): void {
  app.get(
    '/test/tight',
    { config: { access: 'public', rateLimit: { max: 2, timeWindow: '1 minute' } } },
    () => ({
      ok: true,
    }),
  );
}

describe.each(testBackends())('rate limits and proxies (%s)', (backend) => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('ignores X-Forwarded-For by default: a spoofed address gets 429 like anyone', async () => {
    ctx = await createTestContext(backend, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-for': randomIp() },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('with TRUST_PROXY=1 takes the address the proxy saw, not what the client prepended', async () => {
    ctx = await createTestContext(backend, { env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    const from = (client: string, spoofed = randomIp()) =>
      ctx!.app.inject({
        method: 'GET',
        url: '/api/health',
        // The proxy appends the address it saw; everything before it is what the client sent.
        headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('rate limits shared by api processes (postgres)', () => {
  let ctx: TestContext | undefined;
  let second: FastifyInstance | undefined;
  afterEach(async () => {
    await second?.close();
    await ctx?.close();
    ctx = second = undefined;
  });

  it('counts requests to two api instances together, for the global and the per-route limits', async () => {
    ctx = await createTestContext('postgres', {
      env: { RATE_LIMIT_PER_MINUTE: '4' },
      extraRoutes: addTightRoute,
    });
    // A second app on the same database: another api process as far as the limits can tell.
    second = await buildApp(ctx.container);
    addTightRoute(second);
    await second.ready();
    const apps = [ctx.app, second];
    const global: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      global.push((await apps[i % 2]!.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    expect(global).toEqual([200, 200, 200, 200, 429, 429]);

    const routeLimited: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await apps[i % 2]!.inject({
        method: 'GET',
        url: '/test/tight',
        remoteAddress: '192.0.2.50',
      });
      routeLimited.push(response.statusCode);
    }
    expect(routeLimited).toEqual([200, 200, 429]);
    // The per-route limit counts every request. The global one reserves what it lets through (4); the first
    // process to ask once the table is full reserves one more in vain (5), and after that each process refuses
    // from memory without a statement.
    const table = await ctx.container.database.pool!.query<{ key: string; hits: number }>(
      'select key, hits from rate_limit_hit order by key',
    );
    expect(table.rows).toEqual([
      { key: 'GET/test/tight:192.0.2.50', hits: 3 },
      { key: 'global:127.0.0.1', hits: 5 },
    ]);
  });
});

describe('request ids', () => {
  it('returns one on every answer, honours a sane one and puts it in error bodies', async () => {
    const ctx = await createTestContext('pglite');
    try {
      const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const given = await ctx.app.inject({
        method: 'GET',
        url: `/api/campaign/${crypto.randomUUID()}`,
        headers: { 'x-request-id': 'edge-7f3a.1:2' },
      });
      expect(given.headers['x-request-id']).toBe('edge-7f3a.1:2');
      expect(given.statusCode).toBe(404);
      expect(given.json().error.requestId).toBe('edge-7f3a.1:2');
      for (const bad of ['has spaces in it', 'x'.repeat(129), 'line\u2028break']) {
        const replaced = await ctx.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-request-id': bad },
        });
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await ctx.close();
    }
  });
});
