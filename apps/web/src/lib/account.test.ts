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

  it('never makes the signed-in call when there is no session (no 401 on signed-out pages)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/get-session') ? jsonResponse(200, null) : unauthenticated(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAccount()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/auth\/get-session/);
    expect(getSessionToken()).toBe('');
  });

  it('returns null without a warning when the session ended between the two calls (401)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/auth/get-session')
          ? jsonResponse(200, {
              session: { token: 't', expiresAt: '2999-01-01T00:00:00.000Z' },
              user: { id: 'a1', email: 'x@example.test' },
            })
          : unauthenticated(),
      ),
    );
    await expect(fetchAccount()).resolves.toBeNull();
    expect(warn).not.toHaveBeenCalled();
    clearSessionToken();
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
