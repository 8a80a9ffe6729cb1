import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount, unauthenticated } from '../test/fixtures';
import { fetchAccount } from './account';
import { clearSessionToken, getSessionToken } from './session-token';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchAccount', () => {
  it('returns the account when signed in, and takes the bearer token from the session', async () => {
    const account = makeAccount();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/get-session')
        ? jsonResponse(200, {
            session: { token: 'tok_123', expiresAt: '2999-01-01T00:00:00.000Z' },
            user: { id: 'a1', email: 'x@example.test' },
          })
        : jsonResponse(200, account),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAccount()).resolves.toEqual(account);
    await vi.waitFor(() => expect(getSessionToken()).toBe('tok_123'));
    clearSessionToken();
  });

  it('never asks better-auth when signed out (its endpoints are rate-limited)', async () => {
    const fetchMock = vi.fn(async () => unauthenticated());
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAccount()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('returns null on 401 without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unauthenticated()),
    );
    await expect(fetchAccount()).resolves.toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a static host 404', async () => new Response('Not found', { status: 404 })],
    ['a static host answering index.html', async () => new Response('<!doctype html>', { status: 200 })],
    ['a server error', async () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } })],
  ])('treats %s as signed out', async (_label, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(answer));
    await expect(fetchAccount()).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
