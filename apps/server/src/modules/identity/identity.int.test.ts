import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigninResponse, Account } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import {
  bearerHeaders,
  cookieHeaders,
  latestLink,
  localPath,
  requestMagicLink,
  SESSION_COOKIE,
  CookieJar,
  signInByEmail,
} from '../../test/auth-helpers.ts';

describe.each(testBackends({ embedded: true }))('e-mail link sign-in on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('goes from a link in the dev mailbox to a signed-in user', async () => {
    const jar = new CookieJar();
    const email = 'Hana@Example.com';
    const requested = await requestMagicLink(ctx.app, ctx, email, 'streamer', jar);
    expect(requested.statusCode, requested.body).toBe(200);

    const link = await latestLink(ctx.app, email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?token=/);
    const landing = await ctx.app.inject({
      method: 'GET',
      url: localPath(link),
      headers: { cookie: jar.header() },
    });
    expect(landing.statusCode, landing.body).toBe(302);
    expect(landing.headers.location).toBe('http://localhost:3000/signup/streamer/finishSignUp');
    jar.absorb(landing);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    const setCookie = String(landing.headers['set-cookie']);
    expect(setCookie).toMatch(/hanabi\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'streamer' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(SigninResponse.parse(first.json())).toEqual({
      result: 'not yet register',
      email: 'hana@example.com',
      authProvider: 'email',
      providerUid: 'hana@example.com',
    });

    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'streamer', name: 'はなこ' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const account = Account.parse(signup.json());
    expect(account).toMatchObject({
      type: 'streamer',
      role: 'user',
      name: 'はなこ',
      email: 'hana@example.com',
    });
    expect(account.signInMethods.map((method) => method.provider)).toEqual(['email']);

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'streamer' },
    });
    expect(second.json()).toEqual({ result: 'signin', user: account });

    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'audience' },
    });
    expect(other.json()).toEqual({ result: 'invalid user type', user: account, hasAnotherUserType: true });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'audience' },
    });
    expect(again.statusCode).toBe(409);

    const token = String(landing.headers['set-auth-token']);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountBase',
      headers: bearerHeaders(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(account);
  });

  it('works with the bearer token alone, as the original client does', async () => {
    const { token, landing } = await signInByEmail(ctx, 'bearer@example.com', 'audience');
    expect(landing.headers['access-control-expose-headers']).toContain('set-auth-token');
    expect(token).toMatch(/^\S+\.\S+$/);
    const headers = bearerHeaders(token);
    // No cookie, no XSRF header: bearer calls are not exposed to cross-site forgery.
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers,
      payload: { userType: 'audience' },
    });
    expect(first.json()).toMatchObject({ result: 'not yet register', email: 'bearer@example.com' });
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers,
      payload: { userType: 'audience' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().name).toBe('bearer');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/myAccountBase', headers });
    expect(me.json().id).toBe(signup.json().id);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountBase',
      headers: bearerHeaders(`${token.split('.')[0]}.forged`),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('hands the SPA its session (and a bearer token) from GET /api/auth/get-session', async () => {
    const { jar } = await signInByEmail(ctx, 'session@example.com', 'audience');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: jar.header() },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe('session@example.com');
    expect(body.session.signInMethod).toBe('email');
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: bearerHeaders(body.session.token),
      payload: { userType: 'audience' },
    });
    expect(signin.json().result).toBe('not yet register');
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toBe('null');
  });

  it('answers 404 "not yet register" for the account of an identity mid sign-up', async () => {
    const { token } = await signInByEmail(ctx, 'midway@example.com', 'streamer');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountBase',
      headers: bearerHeaders(token),
    });
    expect(me.statusCode).toBe(404);
    expect(me.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'not yet register',
      reason: 'accountNotRegistered',
      requestId: expect.any(String),
    });
  });

  it('sends the link in the language of the page that asked: the app cookie, else Accept-Language', async () => {
    for (const [headers, language] of [
      [{ cookie: 'hanabi.locale=en', 'accept-language': 'ja' }, 'en'],
      [{ 'accept-language': 'en-US,en;q=0.9' }, 'en'],
      [{ cookie: 'hanabi.locale=ja', 'accept-language': 'en' }, 'ja'],
    ] as const) {
      await ctx.app.inject({ method: 'DELETE', url: '/api/dev/mailbox' });
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/magic-link',
        headers: { origin: ctx.config.publicOrigin, ...headers },
        payload: { email: `lang-${language}@example.com`, callbackURL: '/signup/audience/finishSignUp' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const [mail] = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().messages;
      if (language === 'en') {
        expect(mail.subject).toBe('Sign in to Hanabi');
        expect(mail.text).toContain('It works once, for 15 minutes.');
        expect(mail.html).toContain('<html lang="en">');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[ぁ-んァ-ン]/);
      } else {
        expect(mail.subject).toBe('Hanabi へのサインイン');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Sign in');
      }
    }
  });

  it('sends a mail only in Japanese (the default) without a language, whose link works once', async () => {
    await ctx.app.inject({ method: 'DELETE', url: '/api/dev/mailbox' });
    const jar = new CookieJar();
    await requestMagicLink(ctx.app, ctx, 'once@example.com', 'audience', jar);
    const { messages } = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json();
    expect(messages).toHaveLength(1);
    const [mail] = messages;
    expect(mail.to).toBe('once@example.com');
    expect(mail.subject).toBe('Hanabi へのサインイン');
    expect(mail.text).toContain('サインインするには');
    expect(mail.text).not.toContain('To sign in to Hanabi');
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain(mail.links[0].replace(/&/g, '&amp;'));
    expect(mail.links[0]).toContain('callbackURL=%2Fsignup%2Faudience%2FfinishSignUp');

    const sameBrowser = { cookie: jar.header() };
    const first = await ctx.app.inject({
      method: 'GET',
      url: localPath(mail.links[0]),
      headers: sameBrowser,
    });
    expect(first.headers.location).toBe('http://localhost:3000/signup/audience/finishSignUp');
    const reused = await ctx.app.inject({
      method: 'GET',
      url: localPath(mail.links[0]),
      headers: sameBrowser,
    });
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe(
      'http://localhost:3000/signup/audience/finishSignUp?error=INVALID_TOKEN',
    );
    expect(String(reused.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
  });

  it('answers better-auth errors in the Hanabi envelope, with our security headers', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: ctx.config.publicOrigin },
      payload: { email: 'not-an-address', callbackURL: '/' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(bad.headers['content-security-policy']).toContain("default-src 'self'");
    expect(bad.headers['x-content-type-options']).toBe('nosniff');

    for (const url of ['/api/auth/sign-up/email', '/api/auth/nothing-here']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { origin: ctx.config.publicOrigin },
        payload: {},
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a cookie-carrying sign-in request from another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: 'https://evil.example', cookie: 'XSRF-TOKEN=abc' },
      payload: { email: 'victim@example.com', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('hides what went wrong when mail cannot be sent', async () => {
    const mailer = ctx.container.adapters.mailer;
    const send = mailer.send.bind(mailer);
    mailer.send = async () => {
      throw new Error('connect ECONNREFUSED smtp.internal.example:25 at /srv/app/mail.ts:12');
    };
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/magic-link',
        headers: { origin: ctx.config.publicOrigin },
        payload: { email: 'unlucky@example.com', callbackURL: '/' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      expect(res.body).not.toMatch(/smtp\.internal|ECONNREFUSED|\.ts:|stack/);
    } finally {
      mailer.send = send;
    }
  });
});

describe('auth rate limit', () => {
  it('limits /api/auth/* per client more tightly than the global limit', async () => {
    const ctx = await createTestContext('pglite', { env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/magic-link',
          headers: { origin: ctx.config.publicOrigin },
          payload: { email: `r${i}@example.com`, callbackURL: '/' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
      }
      expect(statuses).toEqual([200, 200, 429]);
      // The rest of the API keeps its own budget.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('dev mailbox', () => {
  it('exists only in embedded mode', async () => {
    const ctx = await createTestContext('pglite', {
      env: { DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' },
    });
    try {
      expect(ctx.container.adapters.devMailbox).toBeNull();
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await ctx.app.inject({ method, url: '/api/dev/mailbox' });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await ctx.close();
    }
  });
});
