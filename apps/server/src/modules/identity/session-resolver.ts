import type { FastifyRequest } from 'fastify';
import type { AuthProvider } from '@hanabi/api';
import type { SessionResolver, SessionUser } from '../../http/session.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { isPlaceholderEmail } from '../../adapters/oauth/providers.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-bridge.ts';

const BEARER = /^bearer\s+(\S+)\s*$/i;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
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

  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountRepository,
  ) {
    this.cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
  }

  async resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const bearer = bearerToken(request);
    if (!bearer && !request.headers.cookie?.includes(await this.cookieName)) return null;
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
