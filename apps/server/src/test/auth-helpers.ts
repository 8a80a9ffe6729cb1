import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { finishSignUpPath, type UserType } from '@hanabi/api';
import type { TestContext } from './test-context.ts';

/**
 * Real sign-ins for integration tests: a cookie jar, the e-mail link flow through the dev mailbox, and header
 * sets for cookie (with XSRF and Origin) or bearer callers. Other features can sign people in with these.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response (expired ones delete). */
  absorb(response: LightMyRequestResponse): this {
    const raw = response.headers['set-cookie'];
    const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val] = attribute.trim().split('=');
        if (key?.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key?.toLowerCase() === 'expires') return new Date(val ?? '').getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export const SESSION_COOKIE = 'hanabi.session_token';

/** Headers of a same-origin browser call with the jar's cookies: Origin and the XSRF double-submit header. */
export function cookieHeaders(ctx: Pick<TestContext, 'config'>, jar: CookieJar): Record<string, string> {
  const headers: Record<string, string> = { cookie: jar.header(), origin: ctx.config.publicOrigin };
  const xsrf = jar.get('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  return headers;
}

export function bearerHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Path and query of an absolute URL on this server (what app.inject takes). */
export function localPath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

export async function requestMagicLink(
  app: FastifyInstance,
  ctx: Pick<TestContext, 'config'>,
  email: string,
  userType: UserType,
  jar = new CookieJar(),
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    headers: jar.header() ? cookieHeaders(ctx, jar) : { origin: ctx.config.publicOrigin },
    payload: { email, callbackURL: finishSignUpPath(userType) },
  });
  jar.absorb(response);
  return response;
}

/** The sign-in link of the newest mail to `email` in the dev mailbox. */
export async function latestLink(app: FastifyInstance, email: string): Promise<string> {
  const mailbox = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  const messages = mailbox.json().messages as { to: string; links: string[] }[];
  const link = messages.find((message) => message.to.toLowerCase() === email.toLowerCase())?.links[0];
  if (!link) throw new Error(`no mail to ${email} in the dev mailbox`);
  return link;
}

export interface SignedIn {
  jar: CookieJar;
  /** The bearer token better-auth handed out (`set-auth-token`). */
  token: string;
  /** The verify response (302 to the finishSignUp page). */
  landing: LightMyRequestResponse;
}

/** The whole e-mail link flow: request a link, read it from the dev mailbox, open it. */
export async function signInByEmail(
  ctx: Pick<TestContext, 'app' | 'config'>,
  email: string,
  userType: UserType,
): Promise<SignedIn> {
  const jar = new CookieJar();
  const requested = await requestMagicLink(ctx.app, ctx, email, userType, jar);
  if (requested.statusCode !== 200) throw new Error(`magic link request failed: ${requested.body}`);
  const link = await latestLink(ctx.app, email);
  const landing = await ctx.app.inject({
    method: 'GET',
    url: localPath(link),
    headers: { cookie: jar.header() },
  });
  jar.absorb(landing);
  return { jar, token: String(landing.headers['set-auth-token'] ?? ''), landing };
}

/** Signs in by e-mail and completes sign-up as the given type. */
export async function signUpByEmail(
  ctx: Pick<TestContext, 'app' | 'config'>,
  email: string,
  userType: UserType,
  name?: string,
): Promise<SignedIn & { userId: string }> {
  const signedIn = await signInByEmail(ctx, email, userType);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: bearerHeaders(signedIn.token),
    payload: { userType, ...(name ? { name } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { ...signedIn, userId: response.json().id as string };
}

/** Calls the app as a signed-in person (bearer token) or, with null, signed out. */
export function callAs(
  app: FastifyInstance,
  person: Pick<SignedIn, 'token'> | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: person ? bearerHeaders(person.token) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}
