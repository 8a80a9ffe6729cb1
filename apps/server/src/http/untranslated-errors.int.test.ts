import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, primaryBackend, type TestContext } from '../test/test-context.ts';
import { takeUntranslatedErrors } from '../test/untranslated-errors.ts';

// The suite's guard itself (decision 0205): it must see an envelope the web could only show in English, and only
// that. Each test takes what was recorded, so the set-up's afterEach sees nothing left.
const open = { config: { access: 'public' as const } };

describe('the untranslated-envelope guard of the integration tests', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), {
      extraRoutes(app) {
        // Raw envelopes, as a route that bypassed the typed helpers could send them.
        app.get('/api/test/untranslated', open, (_request, reply) =>
          reply.code(409).send({ error: { code: 'CONFLICT', message: 'Only English here.' } }),
        );
        app.get('/api/test/reasoned', open, (_request, reply) =>
          reply.code(409).send({ error: { code: 'CONFLICT', message: 'x', reason: 'deliveryChanged' } }),
        );
        app.get('/sandbox/youtube/test-untranslated', open, (_request, reply) =>
          reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Mimics another API.' } }),
        );
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('records a 4xx envelope with neither a reason nor a generic code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/untranslated' });
    expect(response.statusCode).toBe(409);
    expect(takeUntranslatedErrors()).toEqual([
      {
        method: 'GET',
        url: '/api/test/untranslated',
        status: 409,
        code: 'CONFLICT',
        message: 'Only English here.',
      },
    ]);
  });

  it('passes reasons, generic codes and the machine-only prefixes', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/test/reasoned' });
    await ctx.app.inject({ method: 'GET', url: '/sandbox/youtube/test-untranslated' });
    // A route that does not exist (the app's own 404 carries `notFound`), a validation failure (generic code).
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    await ctx.app.inject({ method: 'GET', url: '/api/campaigns?limit=oops' });
    expect(takeUntranslatedErrors()).toEqual([]);
  });
});
