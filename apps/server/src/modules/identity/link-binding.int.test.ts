import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  latestLink,
  localPath,
  requestMagicLink,
  signUpByEmail,
} from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

/**
 * Decision 0064 (attack 7 of the custody review): a sign-in link signs in only the browser that asked for it;
 * anywhere else it names the account and needs the code shown in the asking browser.
 */
describe.each(testBackends())('sign-in links bound to the asking browser on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    await signUpByEmail(ctx, 'attacker@example.com', 'audience', 'Mallory');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const open = (link: string, jar: CookieJar) =>
    ctx.app.inject({ method: 'GET', url: localPath(link), headers: { cookie: jar.header() } });
  const codeOf = async (jar: CookieJar) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/signin/linkCode',
        headers: { cookie: jar.header() },
      })
    ).json() as { email: string | null; code: string | null };
  const confirm = (jar: CookieJar, token: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/signin/linkConfirm',
      headers: { cookie: jar.header(), origin: ctx.config.publicOrigin },
      payload: { token, code },
    });

  it('a link asked for by the attacker, opened in the victim’s browser, does not sign it in', async () => {
    const attacker = new CookieJar();
    await requestMagicLink(ctx.app, ctx, 'attacker@example.com', 'audience', attacker);
    const link = await latestLink(ctx.app, 'attacker@example.com');
    const victim = new CookieJar();
    const landed = await open(link, victim);
    expect(landed.statusCode).toBe(302);
    const location = new URL(String(landed.headers.location));
    expect(location.pathname).toBe('/signin/confirm');
    expect(String(landed.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
    // The confirm page can say whose account it is; the victim's browser has no code to show.
    const token = location.searchParams.get('token')!;
    const info = await ctx.app.inject({ method: 'POST', url: '/api/signin/linkInfo', payload: { token } });
    expect(info.json().email).toBe('attacker@example.com');
    expect(await codeOf(victim)).toEqual({ email: null, code: null, expiresAt: null });
    // Guessing runs out after five tries, and the link is dead after that, even with the right code.
    const right = (await codeOf(attacker)).code!;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await confirm(victim, token, wrong)).statusCode).toBe(422);
    expect((await confirm(victim, token, wrong)).statusCode).toBe(404);
    expect((await confirm(victim, token, right)).statusCode).toBe(404);
    expect((await open(link, attacker)).headers.location).toContain('error=INVALID_TOKEN');
  });

  it('the asking browser signs in at once; another device signs in with the code shown there', async () => {
    const phone = new CookieJar();
    await requestMagicLink(ctx.app, ctx, 'me@example.com', 'audience', phone);
    const shown = await codeOf(phone);
    expect(shown.email).toBe('me@example.com');
    expect(shown.code).toMatch(/^\d{6}$/);
    const link = await latestLink(ctx.app, 'me@example.com');

    const laptop = new CookieJar();
    const landed = await open(link, laptop);
    const token = new URL(String(landed.headers.location)).searchParams.get('token')!;
    const confirmed = await confirm(laptop, token, shown.code!);
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    laptop.absorb(confirmed);
    const signedIn = await open(link, laptop);
    expect(signedIn.headers.location).toBe('http://localhost:3000/signup/audience/finishSignUp');
    expect(String(signedIn.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    // Used: the asking browser cannot use it again, and the code is gone.
    expect((await open(link, phone)).headers.location).toContain('error=INVALID_TOKEN');
    expect((await codeOf(phone)).code).toBeNull();

    // The same browser that asked: straight in.
    await requestMagicLink(ctx.app, ctx, 'me@example.com', 'audience', phone);
    const direct = await open(await latestLink(ctx.app, 'me@example.com'), phone);
    expect(direct.headers.location).toBe('http://localhost:3000/signup/audience/finishSignUp');
    expect(String(direct.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
  });
});
