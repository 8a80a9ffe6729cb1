import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { createContainer } from '../../container.ts';
import { appSetting, appUser } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import {
  bearerHeaders,
  cookieHeaders,
  SESSION_COOKIE,
  signInByEmail,
  signUpByEmail,
  type SignedIn,
} from '../../test/auth-helpers.ts';

describe.each(testBackends())('sessions, suspension and operators on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        HANABI_OPERATOR_EMAILS: 'Boss@Example.com, later@example.com',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const meWithCookie = (person: SignedIn) =>
    ctx.app.inject({ method: 'GET', url: '/api/myAccountBase', headers: cookieHeaders(ctx, person.jar) });
  const meWithBearer = (person: SignedIn) =>
    ctx.app.inject({ method: 'GET', url: '/api/myAccountBase', headers: bearerHeaders(person.token) });

  it('signs out with better-auth’s sign-out, by cookie and by bearer token', async () => {
    const byCookie = await signUpByEmail(ctx, 'out-cookie@example.com', 'audience');
    expect((await meWithCookie(byCookie)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: cookieHeaders(ctx, byCookie.jar),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    // The old cookie no longer opens anything, even when replayed.
    expect((await meWithCookie(byCookie)).statusCode).toBe(401);

    const byBearer = await signUpByEmail(ctx, 'out-bearer@example.com', 'audience');
    const outBearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearerHeaders(byBearer.token),
    });
    expect(outBearer.statusCode).toBe(200);
    expect((await meWithBearer(byBearer)).statusCode).toBe(401);
  });

  it('signs out through POST /api/signout (what the web app calls), answering 204', async () => {
    const person = await signUpByEmail(ctx, 'signout@example.com', 'streamer');
    const withoutXsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/signout',
      headers: { cookie: person.jar.header() },
    });
    expect(withoutXsrf.statusCode).toBe(403);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/signout',
      headers: cookieHeaders(ctx, person.jar),
    });
    expect(out.statusCode).toBe(204);
    person.jar.absorb(out);
    expect(person.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await meWithBearer(person)).statusCode).toBe(401);
    // Signing out when signed out is fine too.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/signout' })).statusCode).toBe(204);
  });

  it('ends every session of a person with revoke-sessions, by cookie or by bearer token', async () => {
    const first = await signUpByEmail(ctx, 'everywhere@example.com', 'audience');
    const second = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    const third = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    for (const person of [first, second, third]) expect((await meWithBearer(person)).statusCode).toBe(200);

    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: cookieHeaders(ctx, first.jar),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    for (const person of [first, second, third]) {
      expect((await meWithBearer(person)).statusCode).toBe(401);
      expect((await meWithCookie(person)).statusCode).toBe(401);
    }

    const fourth = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    const fifth = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    const byBearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/signout',
      headers: bearerHeaders(fourth.token),
      payload: { everywhere: true },
    });
    expect(byBearer.statusCode).toBe(204);
    expect((await meWithBearer(fourth)).statusCode).toBe(401);
    expect((await meWithBearer(fifth)).statusCode).toBe(401);
    const sixth = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    const seventh = await signInByEmail(ctx, 'everywhere@example.com', 'audience');
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: bearerHeaders(sixth.token),
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await meWithBearer(sixth)).statusCode).toBe(401);
    expect((await meWithCookie(seventh)).statusCode).toBe(401);
  });

  it('refuses a suspended user: 403 on sign-in and everything signed in, nobody on public routes', async () => {
    const person = await signUpByEmail(ctx, 'suspended@example.com', 'streamer');
    await ctx.container.database.db
      .update(appUser)
      .set({ suspendedAt: new Date() })
      .where(eq(appUser.id, person.userId));
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: bearerHeaders(person.token),
      payload: { userType: 'streamer' },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended.',
      requestId: expect.any(String),
    });
    expect((await meWithCookie(person)).statusCode).toBe(403);

    // A fresh sign-in link does not help either.
    const again = await signInByEmail(ctx, 'suspended@example.com', 'streamer');
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: cookieHeaders(ctx, again.jar),
      payload: { userType: 'streamer' },
    });
    expect(retry.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: bearerHeaders(person.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('makes HANABI_OPERATOR_EMAILS operators at sign-up and at sign-in', async () => {
    const boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer');
    expect((await meWithBearer(boss)).json().role).toBe('operator');
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/account',
      headers: bearerHeaders(boss.token),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().id).toBe(boss.userId);

    // A user who signed up before the address was listed becomes operator at the next sign-in.
    const later = await signUpByEmail(ctx, 'later@example.com', 'audience');
    await ctx.container.database.db.update(appUser).set({ role: 'user' }).where(eq(appUser.id, later.userId));
    expect((await meWithBearer(later)).json().role).toBe('user');
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: bearerHeaders(later.token),
      payload: { userType: 'audience' },
    });
    expect(signin.json()).toMatchObject({ result: 'signin', user: { role: 'operator' } });

    const plain = await signUpByEmail(ctx, 'plain-user@example.com', 'streamer');
    expect((await meWithBearer(plain)).json().role).toBe('user');
  });

  it('keeps the generated secret in the database, so sessions survive a restart', async () => {
    const person = await signUpByEmail(ctx, 'restart@example.com', 'audience');
    const [stored] = await ctx.container.database.db
      .select()
      .from(appSetting)
      .where(eq(appSetting.key, 'auth.secret'));
    expect(typeof stored?.value).toBe('string');
    expect((stored?.value as string).length).toBeGreaterThanOrEqual(32);

    // A second server process on the same database (a restart) accepts the same cookie and token.
    const container = await createContainer(ctx.config, createLogger(ctx.config), {
      database: ctx.container.database,
    });
    const app = await buildApp(container);
    try {
      const viaCookie = await app.inject({
        method: 'GET',
        url: '/api/myAccountBase',
        headers: cookieHeaders(ctx, person.jar),
      });
      expect(viaCookie.statusCode).toBe(200);
      const viaBearer = await app.inject({
        method: 'GET',
        url: '/api/myAccountBase',
        headers: bearerHeaders(person.token),
      });
      expect(viaBearer.json().id).toBe(person.userId);
    } finally {
      await app.close();
      await container.queue.stop(1000);
    }
  });
});
