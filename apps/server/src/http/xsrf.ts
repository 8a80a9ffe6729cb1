import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface XsrfOptions {
  /** The server's auth secret: the token is an HMAC of the session under it. */
  secret: string;
  secure: boolean;
  /** The session cookie's names (better-auth's, and its `__Secure-` form over HTTPS). */
  sessionCookieNames: string[];
}

/** The token of one session: what its cookie and every cookie-authenticated write's header must carry. */
export function xsrfTokenFor(secret: string, session: string): string {
  return crypto.createHmac('sha256', secret).update(`xsrf\n${session}`).digest('base64url');
}

function sessionOf(request: FastifyRequest, names: string[]): string | null {
  for (const name of names) {
    const value = request.cookies[name];
    if (value) return value;
  }
  return null;
}

/** The value of a session cookie a response sets (a sign-in), decoded as the next request's cookie will read. */
function sessionStarted(setCookie: unknown, names: string[]): string | null {
  const lines = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  let started: string | null = null;
  for (const line of lines as string[]) {
    const pair = line.split(';', 1)[0]!;
    const at = pair.indexOf('=');
    if (!names.includes(pair.slice(0, at).trim())) continue;
    const value = pair.slice(at + 1).trim();
    started = value ? decodeURIComponent(value) : null;
  }
  return started;
}

function same(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Double-submit XSRF protection, as the original client expects: the server hands out a readable `XSRF-TOKEN`
 * cookie and cookie-authenticated writes must echo it in `X-XSRF-TOKEN`. The token is bound to the session (an
 * HMAC of its cookie under the auth secret), so a cookie pair planted from a sibling subdomain or the network is
 * refused; it changes with the session, on the very answer that starts one. Bearer-token calls are not exposed to
 * cross-site forgery and skip the check.
 */
export function createXsrf(options: XsrfOptions) {
  const cookieOptions = { path: '/', sameSite: 'lax' as const, httpOnly: false, secure: options.secure };
  const tokenOf = (session: string) => xsrfTokenFor(options.secret, session);
  return {
    install(app: FastifyInstance): void {
      app.addHook('onRequest', async (request, reply) => {
        // Shared-cacheable reads carry no Set-Cookie (a proxy or CDN would not store them, or worse, store the
        // cookie); the SPA gets its token from any other answer (public config, session).
        if (request.routeOptions.config.cacheable) return;
        const session = sessionOf(request, options.sessionCookieNames);
        const current = request.cookies[XSRF_COOKIE];
        if (session) {
          const wanted = tokenOf(session);
          if (current !== wanted) reply.setCookie(XSRF_COOKIE, wanted, cookieOptions);
        } else if (!current) {
          // Signed out nothing is checked; the cookie is there for the client that reads it before signing in.
          reply.setCookie(XSRF_COOKIE, crypto.randomBytes(32).toString('base64url'), cookieOptions);
        }
      });
      // After @fastify/cookie's own onSend: every Set-Cookie of the answer is written by now.
      app.addHook('onSend', async (_request, reply, payload) => {
        const started = sessionStarted(reply.getHeader('set-cookie'), options.sessionCookieNames);
        if (started)
          reply.header('set-cookie', app.serializeCookie(XSRF_COOKIE, tokenOf(started), cookieOptions));
        return payload;
      });
    },

    /** True when a cookie-authenticated write does not carry its session's token in both cookie and header. */
    checkFails(request: FastifyRequest, viaCookie: boolean): boolean {
      if (!viaCookie || SAFE_METHODS.has(request.method)) return false;
      const session = sessionOf(request, options.sessionCookieNames);
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!session || !cookie || typeof header !== 'string') return true;
      const wanted = tokenOf(session);
      return !(same(header, wanted) && same(cookie, wanted));
    },
  };
}

export type Xsrf = ReturnType<typeof createXsrf>;
