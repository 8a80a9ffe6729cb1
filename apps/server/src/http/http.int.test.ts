import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, defineRoute, ErrorEnvelope } from '@hanabi/api';
import { registerRoute } from './register-route.ts';
import { xsrfTokenFor } from './xsrf.ts';
import { businessRule } from '../lib/app-error.ts';
import {
  asUser,
  createTestContext,
  headerSessions,
  testBackends,
  type TestContext,
} from '../test/test-context.ts';

const echoRoute = defineRoute({
  method: 'POST',
  path: '/api/test/echo/:id',
  access: 'signedIn',
  summary: 'test only',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().min(1), nested: z.object({ count: z.number().int().max(10) }) }),
  response: z.object({ id: z.number(), name: z.string() }),
});
const failingRoute = defineRoute({
  method: 'GET',
  path: '/api/test/fail/:kind',
  access: 'public',
  summary: 'test only',
  params: z.object({ kind: z.enum(['rule', 'crash', 'contract']) }),
  response: z.object({ ok: z.boolean() }),
});

describe.each(testBackends({ embedded: true }))('HTTP foundation on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Hanabi SPA</title>');
    await fs.writeFile(path.join(webDist, 'app-AbCdEf12.js'), 'console.log(1)');
    ctx = await createTestContext(backend, {
      env: { HANABI_WEB_DIST: webDist, BODY_LIMIT_BYTES: '2048' },
      sessions: headerSessions,
      extraRoutes(app) {
        registerRoute(app, echoRoute, ({ params, body }) => ({ id: params.id, name: body.name }));
        registerRoute(app, failingRoute, ({ params }) => {
          if (params.kind === 'rule')
            throw businessRule('notEnoughCopies', 'Winner count exceeds the remaining supply.');
          if (params.kind === 'crash') throw new Error('select * from secret_table failed at /srv/app.ts:12');
          return { ok: 'not a boolean' } as unknown as { ok: boolean };
        });
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers liveness and readiness', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, queue: { ok: true } },
    });
  });

  it('reports not-ready with 503 when the database is gone', async () => {
    const other = await createTestContext(backend);
    await other.container.database.close();
    const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: { ok: false } } });
    expect(ready.body).not.toMatch(/postgres:\/\/|select/i);
    await other.app.close();
    await other.container.queue.stop(1000).catch(() => undefined);
  });

  it('answers a signed-out account call with 401 in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/myAccountBase' });
    expect(res.statusCode).toBe(401);
    expect(ErrorEnvelope.parse(res.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it('names every failing field of a bad request', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: asUser({}),
      payload: { name: '', nested: { count: 99 } },
    });
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelope.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details?.map((detail) => detail.field).sort()).toEqual([
      'body.name',
      'body.nested.count',
    ]);
  });

  it('validates path parameters too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/abc',
      headers: asUser({}),
      payload: { name: 'a', nested: { count: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('params.id');
  });

  it('treats malformed JSON as 400, an oversized body as 413 and an unknown content type as 415', async () => {
    const headers = { ...asUser({}), 'content-type': 'application/json' };
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers,
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');

    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers,
      payload: JSON.stringify({ name: 'x'.repeat(5000), nested: { count: 1 } }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { ...asUser({}), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('maps business rules to 422 and hides internals of unexpected errors', async () => {
    const rule = await ctx.app.inject({ method: 'GET', url: '/api/test/fail/rule' });
    expect(rule.statusCode).toBe(422);
    expect(rule.json()).toEqual({
      error: {
        code: 'BUSINESS_RULE',
        message: 'Winner count exceeds the remaining supply.',
        reason: 'notEnoughCopies',
        requestId: expect.any(String),
      },
    });
    for (const kind of ['crash', 'contract']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/test/fail/${kind}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      expect(res.body).not.toMatch(/secret_table|\.ts:|stack/);
    }
  });

  it('answers unknown API paths with a 404 envelope and serves the SPA for pages', async () => {
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');

    const page = await ctx.app.inject({
      method: 'GET',
      url: '/streamer/home',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hanabi SPA');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const asset = await ctx.app.inject({ method: 'GET', url: '/app-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers and the XSRF cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Lax/);
  });

  it('refuses cookie-authenticated writes without their session’s XSRF token, accepts them with it', async () => {
    const cookieUser = asUser({ viaCookie: true });
    const payload = { name: 'a', nested: { count: 1 } };
    const session = 'hanabi.session_token=sess-1.sig';
    const token = xsrfTokenFor(ctx.container.authSecret, 'sess-1.sig');
    const post = (cookie: string, header?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo/1',
        headers: { ...cookieUser, cookie, ...(header ? { 'x-xsrf-token': header } : {}) },
        payload,
      });
    expect((await post(`${session}; XSRF-TOKEN=${token}`)).statusCode).toBe(403);
    expect((await post(`${session}; XSRF-TOKEN=${token}`, `${token}x`)).statusCode).toBe(403);
    // A matching pair planted from a sibling subdomain or the network: not this session's token.
    expect((await post(`${session}; XSRF-TOKEN=abc123`, 'abc123')).statusCode).toBe(403);
    // Another session's token.
    const other = xsrfTokenFor(ctx.container.authSecret, 'sess-2.sig');
    expect((await post(`${session}; XSRF-TOKEN=${other}`, other)).statusCode).toBe(403);
    const withHeader = await post(`${session}; XSRF-TOKEN=${token}`, token);
    expect(withHeader.statusCode).toBe(200);
    // A read with the session hands out its token when the browser holds another.
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: `${session}; XSRF-TOKEN=abc123` },
    });
    expect(String(read.headers['set-cookie'])).toContain(`XSRF-TOKEN=${token};`);
    // Bearer-token callers are not exposed to cross-site forgery.
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: asUser({}),
      payload,
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('publishes OpenAPI for every contract route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const route of Object.values(apiRoutes)) {
      const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(
        doc.paths[openApiPath]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope once the per-minute budget is spent', async () => {
    const ctx = await createTestContext('pglite', { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limited = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(limited.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await ctx.close();
    }
  });
});
