import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, signInByEmail, signUpByEmail } from '../../test/auth-helpers.ts';
import { recordQueries } from '../../test/query-counter.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

const sessionTables = /auth_session|auth_user|app_user/;

/** SESSION_CACHE_MS: a signed-in caller's session is looked up once, then reused in the process for a while. */
describe.each(testBackends())('session reuse on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SESSION_CACHE_MS: '60000' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('looks a session up once for parallel calls and reuses it; anonymous calls never look', async () => {
    const signedUp = await signUpByEmail(ctx, 'reuse@example.com', 'audience', 'Fan');
    // A second sign-in: a token no request has used yet.
    const fan = { ...(await signInByEmail(ctx, 'reuse@example.com', 'audience')), userId: signedUp.userId };
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/news', headers });
    const log = recordQueries(ctx.container.database);
    try {
      const first = await Promise.all(Array.from({ length: 5 }, () => get(bearerHeaders(fan.token))));
      expect(first.every((res) => res.statusCode === 200)).toBe(true);
      const lookups = log.statements.filter((sql) => sessionTables.test(sql)).length;
      expect(lookups).toBeGreaterThan(0);
      log.statements.length = 0;
      await Promise.all(Array.from({ length: 5 }, () => get(bearerHeaders(fan.token))));
      await get({});
      expect(log.statements.filter((sql) => sessionTables.test(sql))).toEqual([]);
      // The session is really used: a wrong token is nobody, and the route that needs one says so.
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/myAccountBase',
        headers: bearerHeaders('not-a-token'),
      });
      expect(bad.statusCode).toBe(401);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/myAccountBase',
        headers: bearerHeaders(fan.token),
      });
      expect(me.json().id).toBe(fan.userId);
    } finally {
      log.stop();
    }
  });
});
