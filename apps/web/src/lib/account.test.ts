import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount, unauthenticated } from '../test/fixtures';
import { QueryClient } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE, SIGNIN_ERROR_NOT_REGISTERED } from '@hanabi/api';
import { fetchAccount, readAccountForCache, setAccountCache } from './account';
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

  it('signed out: asks only the session (200, null), never the account, so nothing answers 401', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/get-session') ? jsonResponse(200, null) : unauthenticated(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAccount()).resolves.toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/auth/get-session']);
  });

  it('without the session hint cookie asks nothing at all: a viewer from chat costs no session call', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const fetchMock = vi.fn(async () => jsonResponse(200, null));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchAccount()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the sign-up landing asks nothing: that page takes the account from its own sign-in call', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    window.history.pushState({}, '', '/signup/streamer/finishSignUp');
    const fetchMock = vi.fn(async () => jsonResponse(200, null));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(fetchAccount()).resolves.toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      window.history.pushState({}, '', '/');
      document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  });

  it('an identity mid sign-up (session, no Hanabi account yet) reads as signed out, expectedly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/auth/get-session')
          ? jsonResponse(200, {
              session: { token: 'tok_new', expiresAt: '2999-01-01T00:00:00.000Z' },
              user: { id: 'a2', email: 'new@example.test' },
            })
          : jsonResponse(404, { error: { code: 'NOT_FOUND', message: SIGNIN_ERROR_NOT_REGISTERED } }),
      ),
    );
    await expect(fetchAccount()).resolves.toBeNull();
    expect(warn).not.toHaveBeenCalledWith(
      'Could not read the session; continuing signed out.',
      expect.anything(),
    );
    clearSessionToken();
  });

  it('a read in flight when sign-in stores the account yields to what was stored', async () => {
    const client = new QueryClient();
    const stored = makeAccount({ name: 'Signed in meanwhile' });
    let answerSession: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/auth/get-session')
          ? new Promise<Response>((resolve) => (answerSession = resolve))
          : unauthenticated(),
      ),
    );
    const read = readAccountForCache({ client });
    setAccountCache(client, stored);
    answerSession(jsonResponse(200, null));
    await expect(read).resolves.toEqual(stored);
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
