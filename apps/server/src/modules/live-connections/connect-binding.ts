import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { OAUTH_CALLBACK_PATHS } from '@hanabi/api';
import type { LivePlatform } from '../../adapters/live-chat/index.ts';

/**
 * Binds a platform connect to the browser that asked for it (decision 0060). Asking for a consent URL sets an
 * HttpOnly cookie holding a hash of the new `state`, scoped to that platform's callback path; the callback links
 * only when the returning browser shows the same hash. A consent link forwarded to someone else (another
 * browser, no cookie) therefore links nothing, even when the platform's own page is genuine.
 *
 * One cookie per platform: a second connect started in the same browser for the same platform replaces the
 * first one's binding (the older tab is answered `browserMismatch` and can simply start again).
 */
export const CONNECT_BINDING_COOKIE = 'hanabi.connect';

/** The cookie holds a hash, never the state itself: the state travels only through the platform. */
export function bindingOf(state: string): string {
  return crypto.createHash('sha256').update(`hanabi-connect:${state}`).digest('base64url');
}

/** Constant-time comparison of the cookie the browser sent with the state that came back. */
export function bindingMatches(cookie: string | undefined, state: string): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(bindingOf(state));
  const given = Buffer.from(cookie);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * HttpOnly (scripts never read it), SameSite=Lax (sent on the platform's top-level redirect back, not on
 * cross-site subrequests), sent only to the callback path, and gone when the state would expire anyway.
 */
export function bindingCookieOptions(
  platform: LivePlatform,
  secure: boolean,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    path: OAUTH_CALLBACK_PATHS[platform],
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  };
}
