import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@hanabi/api';

/** The hint's own lifetime when the session cookie names none (a browser-session cookie): a day. */
const DEFAULT_MAX_AGE_S = 24 * 60 * 60;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((part) => part.slice(0, Math.max(0, part.indexOf('='))).trim());
}

/** Whether a Set-Cookie line ends the cookie (empty value, `Max-Age=0` or less, or an expiry in the past). */
function clears(line: string): boolean {
  const [pair = '', ...attributes] = line.split(';');
  if (pair.slice(pair.indexOf('=') + 1).trim() === '') return true;
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'max-age' && Number(value) <= 0) return true;
    if (name.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

function maxAgeOf(line: string): number {
  for (const attribute of line.split(';').slice(1)) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'max-age' && Number(value) > 0) return Math.floor(Number(value));
    if (name.toLowerCase() === 'expires') {
      const left = Math.floor((Date.parse(value) - Date.now()) / 1000);
      if (left > 0) return left;
    }
  }
  return DEFAULT_MAX_AGE_S;
}

/**
 * The readable "this browser has a session" hint (decision 0113). better-auth's session cookie is HttpOnly, so
 * the web app cannot see whether there is a session and used to ask `GET /api/auth/get-session` on every page
 * open — one request per viewer of a chat burst, nearly all of them signed out. The hint holds no secret (it
 * only says "ask"): the session itself is still only the HttpOnly cookie or the bearer token.
 *
 * - Whenever an answer sets or clears the session cookie (sign-in, refresh, sign-out), the hint follows it with
 *   the same lifetime.
 * - Every HTML page (the app shell, painted pages) reconciles it with what the request carried: a session cookie
 *   without the hint (a session from before the hint, or an expired hint) sets it; the hint without a session
 *   cookie clears it. The page's script reads the cookie after this answer, so it always agrees with the page.
 */
export function installSessionHint(
  app: FastifyInstance,
  options: { isSessionCookie: (name: string) => boolean; secure: boolean },
): void {
  const hint = (maxAge: number) =>
    `${SESSION_HINT_COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  const cleared = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  const hasSession = (request: FastifyRequest) =>
    cookieNames(request.headers.cookie).some(options.isSessionCookie);
  const hasHint = (request: FastifyRequest) =>
    cookieNames(request.headers.cookie).includes(SESSION_HINT_COOKIE);

  app.addHook('onSend', async (request, reply, payload) => {
    const set = reply.getHeader('set-cookie');
    const lines = set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
    const session = lines.find((line) => options.isSessionCookie(line.slice(0, line.indexOf('=')).trim()));
    if (session !== undefined) {
      reply.header('set-cookie', clears(session) ? cleared : hint(maxAgeOf(session)));
      return payload;
    }
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const signedIn = hasSession(request);
    if (signedIn && !hasHint(request)) reply.header('set-cookie', hint(DEFAULT_MAX_AGE_S));
    else if (!signedIn && hasHint(request)) reply.header('set-cookie', cleared);
    return payload;
  });
}
