import type { FastifyRequest } from 'fastify';
import type { AuthProvider, RouteAccess, UserType } from '@hanabi/api';
import { AppError } from '../lib/app-error.ts';

/** Who is calling, as far as authorisation cares. */
export interface SessionUser {
  /** Hanabi user id; null while the identity exists but no Hanabi user has been created yet (mid sign-up). */
  userId: string | null;
  authUserId: string;
  email: string | null;
  type: UserType | null;
  role: 'user' | 'operator';
  /** True when the session came from the cookie rather than a bearer token (XSRF applies). */
  viaCookie: boolean;
  /** The user is suspended: treated as signed out on public routes, refused (403) on every other. */
  suspended?: boolean;
  /** How this session was started, when known. */
  signInMethod?: AuthProvider | null;
  /** When this session was started (a sign-in): how recent the caller's authentication is. */
  sessionCreatedAt?: Date;
}

/** Reads the caller's session from a request (cookie or bearer token). The identity module implements it. */
export interface SessionResolver {
  resolve(request: FastifyRequest): Promise<SessionUser | null>;
}

/** The access hook guarantees a session on non-public routes; handlers narrow the type with this. */
export function requireSession(session: SessionUser | null): SessionUser {
  if (!session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return session;
}

/** Used until an identity provider is wired in: nobody is signed in, so only public routes answer. */
export const noSessions: SessionResolver = { resolve: async () => null };

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'suspended';

/** The one rule table behind every route's `access`. */
export function decideAccess(access: RouteAccess, session: SessionUser | null): AccessDecision {
  if (access === 'public') return 'allow';
  if (!session) return 'unauthenticated';
  if (session.suspended) return 'suspended';
  switch (access) {
    case 'signedIn':
      return 'allow';
    case 'streamer':
    case 'audience':
      return session.userId !== null && session.type === access ? 'allow' : 'forbidden';
    case 'operator':
      return session.userId !== null && session.role === 'operator' ? 'allow' : 'forbidden';
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Set on every route; the access hook refuses a route that lacks it. */
    access?: RouteAccess;
    /** Public route that never reads the session (static files, docs, better-auth): GETs skip the lookup. */
    sessionless?: boolean;
    /** Public, sessionless route whose URL carries a signed token (one-click unsubscribe): no session or XSRF check on any method. */
    signedUrl?: boolean;
    /** A public read answered alike to everyone, cacheable by proxies (`sendJson`): no cookies set on it. */
    cacheable?: boolean;
    /** The 401 message for signed-out callers, when the route has its own (uploads: "log in again"). */
    unauthenticatedMessage?: string;
  }
}
