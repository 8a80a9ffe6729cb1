import type { FastifyRequest } from 'fastify';
import type { RouteAccess, UserType } from '@hanabi/api';

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
}

/** Reads the caller's session from a request (cookie or bearer token). The identity module implements it. */
export interface SessionResolver {
  resolve(request: FastifyRequest): Promise<SessionUser | null>;
}

/** Used until an identity provider is wired in: nobody is signed in, so only public routes answer. */
export const noSessions: SessionResolver = { resolve: async () => null };

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** The one rule table behind every route's `access`. */
export function decideAccess(access: RouteAccess, session: SessionUser | null): AccessDecision {
  if (access === 'public') return 'allow';
  if (!session) return 'unauthenticated';
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
  }
}
