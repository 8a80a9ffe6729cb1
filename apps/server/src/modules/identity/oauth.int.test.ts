import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { Account, finishSignUpPath, type OAuthProvider, type UserType } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import {
  CookieJar,
  cookieHeaders,
  latestLink,
  localPath,
  requestMagicLink,
  SESSION_COOKIE,
  signUpByEmail,
} from '../../test/auth-helpers.ts';

/**
 * Google and X sign-in end to end against a local OAuth 2.0 stand-in (oauth2-mock-server on a random port):
 * our start → its authorize redirect → our callback → session → Hanabi sign-in/sign-up; then linking and
 * unlinking from the account page.
 */

type Profiles = { google: Record<string, unknown>; twitter: Record<string, unknown> };

describe.each(testBackends())('OAuth sign-in and linking on %s', (backend) => {
  let ctx: TestContext;
  let provider: OAuth2Server;
  const profiles: Profiles = { google: {}, twitter: {} };
  const userinfoRequests: { url: string; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    const issuer = provider.issuer.url!;
    provider.service.on('beforeUserinfo', (response: { body: unknown }, request: IncomingMessage) => {
      userinfoRequests.push({ url: request.url ?? '', authorization: request.headers.authorization });
      // X's userinfo is called with `?user.fields=…`; Google's without.
      response.body = request.url?.includes('user.fields') ? profiles.twitter : profiles.google;
    });
    ctx = await createTestContext(backend, {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_AUTHORIZATION_URL: `${issuer}/authorize`,
        TWITTER_TOKEN_URL: `${issuer}/token`,
        TWITTER_USERINFO_URL: `${issuer}/userinfo`,
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.stop();
  });

  /** Follows a provider consent URL (the stand-in approves at once) and opens our callback with the jar. */
  async function completeAtProvider(url: string, jar: CookieJar) {
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = consent.headers.get('location')!;
    expect(callback).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\/(google|twitter)\?code=/);
    const landing = await ctx.app.inject({
      method: 'GET',
      url: localPath(callback),
      headers: { cookie: jar.header() },
    });
    jar.absorb(landing);
    return landing;
  }

  async function signInWith(name: OAuthProvider, userType: UserType, jar = new CookieJar()) {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: jar.header() ? cookieHeaders(ctx, jar) : { origin: ctx.config.publicOrigin },
      payload: { provider: name, callbackURL: finishSignUpPath(userType), disableRedirect: true },
    });
    expect(start.statusCode, start.body).toBe(200);
    jar.absorb(start);
    const { url } = start.json() as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(provider.issuer.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `http://localhost:3000/api/auth/callback/${name}`,
    );
    const landing = await completeAtProvider(url, jar);
    return { jar, landing };
  }

  async function signin(jar: CookieJar, userType: UserType) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: cookieHeaders(ctx, jar),
      payload: { userType },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('offers exactly the configured providers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ email: true, google: true, twitter: true });
  });

  it('signs a new person up with Google', async () => {
    profiles.google = {
      sub: 'google-sub-1',
      email: 'Aiko@Gmail.example',
      email_verified: true,
      name: 'Aiko Google',
      picture: 'https://lh3.example/aiko.png',
    };
    const { jar, landing } = await signInWith('google', 'audience');
    expect(landing.statusCode, landing.body).toBe(302);
    expect(landing.headers.location).toBe('/signup/audience/finishSignUp');
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    expect(userinfoRequests.at(-1)?.authorization).toMatch(/^Bearer \S+/);

    expect(await signin(jar, 'audience')).toEqual({
      result: 'not yet register',
      email: 'aiko@gmail.example',
      authProvider: 'google',
      providerUid: 'google-sub-1',
    });
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'audience' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const account = Account.parse(signup.json());
    expect(account).toMatchObject({
      name: 'Aiko Google',
      avatarUrl: 'https://lh3.example/aiko.png',
      email: 'aiko@gmail.example',
    });
    expect(account.signInMethods.map((method) => method.provider)).toEqual(['google']);

    // Signing in again with the same Google account reaches the same user.
    const again = await signInWith('google', 'audience');
    expect(await signin(again.jar, 'audience')).toEqual({ result: 'signin', user: account });
    expect(await signin(again.jar, 'streamer')).toMatchObject({
      result: 'invalid user type',
      hasAnotherUserType: true,
    });
  });

  it('signs a new person up with X, who has no confirmed e-mail', async () => {
    profiles.twitter = {
      data: {
        id: '4242',
        name: 'たろう',
        username: 'taro',
        profile_image_url: 'https://pbs.twimg.example/profile_images/1/taro_normal.jpg',
      },
    };
    const { jar, landing } = await signInWith('twitter', 'streamer');
    expect(landing.headers.location).toBe('/signup/streamer/finishSignUp');
    expect(userinfoRequests.at(-1)?.url).toContain('user.fields=profile_image_url%2Cconfirmed_email');
    expect(await signin(jar, 'streamer')).toEqual({
      result: 'not yet register',
      email: null,
      authProvider: 'twitter',
      providerUid: '4242',
    });
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: cookieHeaders(ctx, jar),
      payload: { userType: 'streamer' },
    });
    const account = Account.parse(signup.json());
    expect(account).toMatchObject({
      name: 'たろう',
      email: null,
      avatarUrl: 'https://pbs.twimg.example/profile_images/1/taro_400x400.jpg',
    });
    // No verified address: e-mail sign-in cannot be linked.
    const linkEmail = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${account.id}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'link', provider: 'email' },
    });
    expect(linkEmail.statusCode).toBe(422);
  });

  it('links Google to an e-mail account, unlinks e-mail, and refuses to unlink the last method', async () => {
    const person = await signUpByEmail(ctx, 'link@example.com', 'streamer', 'リンク');
    const jar = person.jar;
    profiles.google = {
      sub: 'google-sub-link',
      email: 'other.address@gmail.example',
      email_verified: true,
      name: 'Link Google',
    };
    const started = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${person.userId}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'link', provider: 'google' },
    });
    expect(started.statusCode, started.body).toBe(200);
    jar.absorb(started);
    const { redirectUrl } = started.json() as { redirectUrl: string };
    expect(new URL(redirectUrl).origin).toBe(provider.issuer.url);
    const landing = await completeAtProvider(redirectUrl, jar);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/streamer/account');

    const me = async () =>
      Account.parse(
        (
          await ctx.app.inject({ method: 'GET', url: '/api/myAccountBase', headers: cookieHeaders(ctx, jar) })
        ).json(),
      );
    expect((await me()).signInMethods.map((method) => method.provider)).toEqual(['email', 'google']);
    expect((await me()).email).toBe('link@example.com');

    const linkAgain = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${person.userId}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'link', provider: 'google' },
    });
    expect(linkAgain.statusCode).toBe(409);

    const unlinkEmail = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${person.userId}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'unlink', provider: 'email' },
    });
    expect(unlinkEmail.statusCode, unlinkEmail.body).toBe(200);
    expect(Account.parse(unlinkEmail.json()).signInMethods.map((method) => method.provider)).toEqual([
      'google',
    ]);

    const unlinkLast = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${person.userId}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'unlink', provider: 'google' },
    });
    expect(unlinkLast.statusCode).toBe(422);
    expect(unlinkLast.json().error.code).toBe('BUSINESS_RULE');

    // With e-mail unlinked, a sign-in link to the address is refused…
    const linkJar = new CookieJar();
    await requestMagicLink(ctx.app, ctx, 'link@example.com', 'streamer', linkJar);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: localPath(await latestLink(ctx.app, 'link@example.com')),
      headers: { cookie: linkJar.header() },
    });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(
      'http://localhost:3000/signup/streamer/finishSignUp?error=EMAIL_SIGN_IN_NOT_LINKED',
    );
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain(SESSION_COOKIE);

    // …until e-mail is linked again from the account page.
    const relink = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${person.userId}/firebaselink`,
      headers: cookieHeaders(ctx, jar),
      payload: { action: 'link', provider: 'email' },
    });
    expect(relink.statusCode, relink.body).toBe(200);
    expect(Account.parse(relink.json()).signInMethods.map((method) => method.provider)).toEqual([
      'google',
      'email',
    ]);
    await requestMagicLink(ctx.app, ctx, 'link@example.com', 'streamer', linkJar);
    const accepted = await ctx.app.inject({
      method: 'GET',
      url: localPath(await latestLink(ctx.app, 'link@example.com')),
      headers: { cookie: linkJar.header() },
    });
    expect(accepted.headers.location).toBe('http://localhost:3000/signup/streamer/finishSignUp');
    expect(String(accepted.headers['set-cookie'])).toContain(SESSION_COOKIE);
  });

  it('joins a Google sign-in to the e-mail account with the same verified address', async () => {
    const person = await signUpByEmail(ctx, 'same@gmail.example', 'audience');
    profiles.google = {
      sub: 'google-sub-same',
      email: 'same@gmail.example',
      email_verified: true,
      name: 'Same',
    };
    const { jar } = await signInWith('google', 'audience');
    const outcome = await signin(jar, 'audience');
    expect(outcome.result).toBe('signin');
    expect(outcome.user.id).toBe(person.userId);
    expect(outcome.user.signInMethods.map((method: { provider: string }) => method.provider)).toEqual([
      'email',
      'google',
    ]);
  });

  it('does not join on an address the provider has not verified', async () => {
    await signUpByEmail(ctx, 'unverified@gmail.example', 'audience');
    profiles.google = {
      sub: 'google-sub-unverified',
      email: 'unverified@gmail.example',
      email_verified: false,
    };
    const { jar } = await signInWith('google', 'audience');
    expect(await signin(jar, 'audience')).toEqual({
      result: 'not yet register',
      email: null,
      authProvider: 'google',
      providerUid: 'google-sub-unverified',
    });
  });

  it('sends a cancelled consent back with an error and no session', async () => {
    const jar = new CookieJar();
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ctx.config.publicOrigin },
      payload: {
        provider: 'google',
        callbackURL: finishSignUpPath('audience'),
        errorCallbackURL: '/signup/audience',
        disableRedirect: true,
      },
    });
    jar.absorb(start);
    const state = new URL(start.json().url).searchParams.get('state');
    const back = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?error=access_denied&state=${state}`,
      headers: { cookie: jar.header() },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/signup/audience?error=access_denied');
    expect(String(back.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
  });

  it('refuses a callback URL on another site', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ctx.config.publicOrigin },
      payload: { provider: 'google', callbackURL: 'https://evil.example/steal' },
    });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('FORBIDDEN');
  });
});

describe('OAuth providers without configuration', () => {
  it('are not offered, and linking them is refused', async () => {
    const ctx = await createTestContext('pglite', { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        email: true,
        google: false,
        twitter: false,
      });
      const person = await signUpByEmail(ctx, 'plain@example.com', 'audience');
      const link = await ctx.app.inject({
        method: 'PUT',
        url: `/api/account/${person.userId}/firebaselink`,
        headers: cookieHeaders(ctx, person.jar),
        payload: { action: 'link', provider: 'twitter' },
      });
      expect(link.statusCode).toBe(422);
      const start = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: ctx.config.publicOrigin },
        payload: { provider: 'google', callbackURL: '/' },
      });
      expect(start.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
