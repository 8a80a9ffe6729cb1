import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, buildPath, type RouteAccess } from '@hanabi/api';
import {
  asUser,
  createTestContext,
  primaryBackend,
  headerSessions,
  type TestContext,
} from '../test/test-context.ts';
import type { SessionUser } from './session.ts';

/**
 * The access matrix: every route of the contract, called as every kind of caller. A route's handler may still
 * refuse (e.g. ownership), but the access rule alone must never let the wrong caller through.
 */
const callers: Record<string, Partial<SessionUser> | null> = {
  signedOut: null,
  midSignUp: { userId: null, type: null },
  streamer: { type: 'streamer' },
  audience: { type: 'audience' },
  operator: { type: 'streamer', role: 'operator' },
};

const expectedRefusal: Record<RouteAccess, Record<string, number | null>> = {
  public: { signedOut: null, midSignUp: null, streamer: null, audience: null, operator: null },
  signedIn: { signedOut: 401, midSignUp: null, streamer: null, audience: null, operator: null },
  streamer: { signedOut: 401, midSignUp: 403, streamer: null, audience: 403, operator: null },
  audience: { signedOut: 401, midSignUp: 403, streamer: 403, audience: null, operator: 403 },
  operator: { signedOut: 401, midSignUp: 403, streamer: 403, audience: 403, operator: null },
};

describe('access matrix over every contract route', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), { sessions: headerSessions });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('registers every route with an access rule', () => {
    for (const route of Object.values(apiRoutes)) {
      expect(
        ctx.app.hasRoute({ method: route.method, url: route.path }),
        `${route.method} ${route.path}`,
      ).toBe(true);
    }
  });

  for (const [name, route] of Object.entries(apiRoutes)) {
    for (const [callerName, caller] of Object.entries(callers)) {
      const refusal = expectedRefusal[route.access][callerName];
      it(`${route.method} ${route.path} as ${callerName} → ${refusal ?? 'not refused by access'}`, async () => {
        const params = Object.fromEntries(
          [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, '1']),
        );
        const res = await ctx.app.inject({
          method: route.method,
          url: buildPath(route.path, params),
          headers: caller ? asUser(caller) : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        // 204 answers have no body.
        const body = res.body ? res.json() : null;
        if (refusal) {
          expect(res.statusCode, name).toBe(refusal);
          expect(body.error.code).toBe(refusal === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        } else {
          expect([401, 403], `${name} must not be refused by the access rule`).not.toContain(
            body?.error?.code === 'UNAUTHENTICATED' || body?.error?.code === 'FORBIDDEN' ? res.statusCode : 0,
          );
        }
      });
    }
  }
});
