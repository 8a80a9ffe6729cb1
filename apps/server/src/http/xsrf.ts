import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF protection, as the original client expects: the server hands out a readable
 * `XSRF-TOKEN` cookie and cookie-authenticated writes must echo it in `X-XSRF-TOKEN`. Bearer-token calls are
 * not exposed to cross-site forgery and skip the check.
 */
export function installXsrfCookie(app: FastifyInstance, secureCookies: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    // Shared-cacheable reads carry no Set-Cookie (a proxy or CDN would not store them, or worse, store the
    // cookie); the SPA gets its token from any other answer (public config, session).
    if (request.cookies[XSRF_COOKIE] || request.routeOptions.config.cacheable) return;
    reply.setCookie(XSRF_COOKIE, crypto.randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies,
    });
  });
}

export function xsrfCheckFails(request: FastifyRequest, viaCookie: boolean): boolean {
  if (!viaCookie || SAFE_METHODS.has(request.method)) return false;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return true;
  return !crypto.timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
}
