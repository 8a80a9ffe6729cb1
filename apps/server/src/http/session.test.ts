import { describe, expect, it } from 'vitest';
import { decideAccess, type SessionUser } from './session.ts';

const user = (overrides: Partial<SessionUser>): SessionUser => ({
  userId: 'u',
  authUserId: 'a',
  email: null,
  type: 'streamer',
  role: 'user',
  viaCookie: false,
  ...overrides,
});

describe('decideAccess', () => {
  it('lets anyone call public routes', () => {
    expect(decideAccess('public', null)).toBe('allow');
  });
  it('asks signed-out callers to sign in for every other rule', () => {
    for (const access of ['signedIn', 'streamer', 'audience', 'operator'] as const) {
      expect(decideAccess(access, null)).toBe('unauthenticated');
    }
  });
  it('separates streamers and audience members', () => {
    expect(decideAccess('streamer', user({ type: 'streamer' }))).toBe('allow');
    expect(decideAccess('streamer', user({ type: 'audience' }))).toBe('forbidden');
    expect(decideAccess('audience', user({ type: 'audience' }))).toBe('allow');
    expect(decideAccess('audience', user({ type: 'streamer' }))).toBe('forbidden');
  });
  it('needs a finished sign-up for typed routes but not for signedIn ones', () => {
    const midSignUp = user({ userId: null, type: null });
    expect(decideAccess('signedIn', midSignUp)).toBe('allow');
    expect(decideAccess('streamer', midSignUp)).toBe('forbidden');
    expect(decideAccess('operator', user({ userId: null, role: 'operator' }))).toBe('forbidden');
  });
  it('refuses suspended users everywhere but public routes', () => {
    const suspended = user({ suspended: true, role: 'operator' });
    expect(decideAccess('public', suspended)).toBe('allow');
    for (const access of ['signedIn', 'streamer', 'operator'] as const) {
      expect(decideAccess(access, suspended)).toBe('suspended');
    }
  });
  it('admits only operators to operator routes', () => {
    expect(decideAccess('operator', user({ role: 'operator' }))).toBe('allow');
    expect(decideAccess('operator', user({ role: 'user' }))).toBe('forbidden');
  });
});
