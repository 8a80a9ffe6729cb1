import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, primaryBackend, type TestContext } from './test-context.ts';
import { takeMismatchedAnswers } from './openapi-answers.ts';

// The suite's check of answers against the published document (decision 0222), on routes made to lie: it must
// see a body the schema refuses and a status the operation does not list, and nothing else. Each test takes what
// was recorded, so the set-up's afterEach sees nothing left.
const counted = {
  config: { access: 'public' as const },
  schema: { operationId: 'testCounted', response: { 200: z.object({ count: z.number().int() }) } },
};
// A pre-serialised body skips Fastify's serializer, as a route that sends a cached or hand-made body does.
const json =
  (body: string) => (_request: unknown, reply: { type(t: string): { send(b: string): unknown } }) =>
    reply.type('application/json; charset=utf-8').send(body);

describe('the OpenAPI answer check of the integration tests', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), {
      extraRoutes(app) {
        app.get('/api/test/counted/good', counted, json('{"count":3}'));
        app.get('/api/test/counted/bad', counted, json('{"count":"three"}'));
        // A status the schema does not list, on purpose (the typed reply only knows 200).
        app.get('/api/test/counted/teapot', counted, (_request, reply) => reply.code(418 as 200).send());
        app.get(
          '/api/test/hidden',
          { config: { access: 'public' }, schema: { hide: true } },
          json('{"x":1}'),
        );
        // Listed, but unnamed: a route a test adds for itself (the app's own routes all have an operationId).
        app.get('/api/test/unnamed', { config: { access: 'public' } }, (_request, reply) =>
          reply.code(418).send(),
        );
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('accepts an answer whose status and body the document describes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/counted/good' });
    expect(response.json()).toEqual({ count: 3 });
    expect(takeMismatchedAnswers()).toEqual([]);
  });

  it('records a JSON body the schema refuses, naming the field', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/test/counted/bad' });
    expect(takeMismatchedAnswers()).toEqual([
      {
        method: 'GET',
        url: '/api/test/counted/bad',
        operation: 'testCounted',
        status: 200,
        problem: expect.stringContaining('body/count must be integer'),
        body: '{"count":"three"}',
      },
    ]);
  });

  it('records a status the operation does not list', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/test/counted/teapot' });
    expect(takeMismatchedAnswers()).toEqual([
      expect.objectContaining({ status: 418, problem: 'undocumented status', operation: 'testCounted' }),
    ]);
  });

  it('leaves alone routes the document does not list, and unnamed test routes', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/hidden' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/unnamed' })).statusCode).toBe(418);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' })).statusCode).toBe(404);
    expect(takeMismatchedAnswers()).toEqual([]);
  });

  it('checks the documented routes of a real app: a contract read and an error envelope', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/campaign/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(takeMismatchedAnswers()).toEqual([]);
  });
});
