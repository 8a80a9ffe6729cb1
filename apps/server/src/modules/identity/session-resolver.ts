import type { FastifyRequest } from 'fastify';
import type { AuthProvider } from '@hanabi/api';
import type { SessionResolver, SessionUser } from '../../http/session.ts';
import type { appUser } from '../../db/schema.ts';
import { isPlaceholderEmail } from '../../adapters/oauth/index.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-bridge.ts';

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** Who a signed-in identity is in Hanabi (the account module's repository answers it). */
export interface SessionUserLookup {
  findByAuthUserId(authUserId: string): Promise<typeof appUser.$inferSelect | null | undefined>;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The value of the session cookie in a Cookie header ('' when absent). */
function sessionCookieOf(header: string | undefined, name: string): string {
  if (!header) return '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The caller's session from better-auth (cookie, or `Authorization: Bearer <token>` through the bearer plugin),
 * with the Hanabi user behind it (userId null mid sign-up). Suspended users come back flagged; the access hook
 * treats them as signed out on public routes and refuses them (403) everywhere else.
 */
export class AuthSessionResolver implements SessionResolver {
  private cookieName: Promise<string>;
  /** Recently resolved sessions by the credentials presented (token, cookie), with when to ask again. */
  private readonly recent = new Map<string, { user: SessionUser | null; until: number }>();
  private readonly pending = new Map<string, Promise<SessionUser | null>>();

  constructor(
    private readonly auth: Auth,
    private readonly accounts: SessionUserLookup,
    /**
     * How long a resolved session is reused in this process (SESSION_CACHE_MS). A revoked session or a
     * suspension takes effect within this time; a browser that signs out stops sending the cookie, so it is
     * signed out at once. Zero turns the reuse off.
     */
    private readonly reuseMs = 0,
    private readonly clock: () => number = Date.now,
  ) {
    this.cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
  }

  async resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const bearer = bearerToken(request);
    const cookieName = await this.cookieName;
    // Anonymous callers (no token, no session cookie) cost nothing: no lookup at all.
    if (!bearer && !request.headers.cookie?.includes(cookieName)) return null;
    if (this.reuseMs <= 0) return this.lookUp(request, bearer);
    const key = `${bearer ?? ''}\n${sessionCookieOf(request.headers.cookie, cookieName)}`;
    const now = this.clock();
    const hit = this.recent.get(key);
    if (hit && hit.until > now) return hit.user;
    // Concurrent requests of one session (a page's parallel calls) share one lookup.
    const running = this.pending.get(key);
    if (running) return running;
    const lookup = this.lookUp(request, bearer).finally(() => this.pending.delete(key));
    this.pending.set(key, lookup);
    const user = await lookup;
    // An identity mid sign-up (no Hanabi user yet) becomes one with its next call (POST /api/signup): never
    // reuse that in-between answer, or the calls right after sign-up would act as nobody.
    if (user && user.userId === null) return user;
    this.recent.set(key, { user, until: this.clock() + this.reuseMs });
    if (this.recent.size > 10_000) {
      const at = this.clock();
      for (const [oldKey, entry] of this.recent) {
        if (entry.until <= at || this.recent.size > 10_000) this.recent.delete(oldKey);
      }
    }
    return user;
  }

  private async lookUp(request: FastifyRequest, bearer: string | null): Promise<SessionUser | null> {
    // No refresh here: a refresh sets a new cookie, which only better-auth's own GET /api/auth/get-session can
    // deliver. The SPA calls that once per start, which keeps an active session alive.
    const result = await this.auth.api.getSession({
      headers: toFetchHeaders(request),
      query: { disableRefresh: true },
    });
    if (!result) return null;
    const user = await this.accounts.findByAuthUserId(result.user.id);
    // The bearer plugin only replaces the cookie when the token is valid; decide by what was actually used.
    const viaBearer = bearer !== null && safeDecode(bearer).split('.')[0] === result.session.token;
    return {
      userId: user?.id ?? null,
      authUserId: result.user.id,
      email: isPlaceholderEmail(result.user.email) ? null : result.user.email,
      type: user?.type ?? null,
      role: user?.role ?? 'user',
      viaCookie: !viaBearer,
      suspended: user?.suspendedAt != null,
      signInMethod: (result.session.signInMethod as AuthProvider | null | undefined) ?? null,
      sessionCreatedAt: new Date(result.session.createdAt),
    };
  }
}
