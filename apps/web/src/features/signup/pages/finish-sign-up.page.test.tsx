import type { Account } from '@hanabi/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionToken, getSessionToken } from '../../../lib/session-token';
import { rememberContinued } from '../../../lib/wallet/wallet-continued';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const session = {
  session: { token: 'tok_landing', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'auth_9', email: 'hana.yamada@example.com' },
};

interface Calls {
  signin: { body: unknown; authorization: string | null }[];
  signup: { body: unknown; authorization: string | null }[];
}

function server(signin: () => Response, signup?: () => Response, withSession = true) {
  const calls: Calls = { signin: [], signup: [] };
  const api = (url: string, init: RequestInit | undefined) => {
    const authorization = new Headers(init?.headers).get('Authorization');
    if (url.startsWith('/api/auth/get-session')) return jsonResponse(200, withSession ? session : null);
    if (url.startsWith('/api/signin')) {
      calls.signin.push({ body: JSON.parse(String(init?.body)), authorization });
      return signin();
    }
    if (url.startsWith('/api/signup') && signup) {
      calls.signup.push({ body: JSON.parse(String(init?.body)), authorization });
      return signup();
    }
    return undefined;
  };
  return { api, calls };
}

beforeEach(() => {
  // This browser already knows the fixture account's wallet (the returning-browser step is tested in the gate).
  localStorage.setItem(
    'hanabi.walletContinued',
    JSON.stringify([makeAccount().walletAddress?.toLowerCase()]),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  clearSessionToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/signup/:userType/finishSignUp', () => {
  it('registers a new person (name from the e-mail), then holds them at the wallet step', async () => {
    window.localStorage.setItem('emailForSignIn', 'hana.yamada@example.com');
    const created: Account = makeAccount({ name: 'はなこ', walletAddress: null });
    const { api, calls } = server(
      () =>
        jsonResponse(200, {
          result: 'not yet register',
          email: 'hana.yamada@example.com',
          authProvider: 'email',
          providerUid: 'hana.yamada@example.com',
        }),
      () => jsonResponse(201, created),
    );
    const { router } = renderApp('/signup/streamer/finishSignUp', { api });
    const name = (await screen.findByLabelText(/表示名/)) as HTMLInputElement;
    expect(name.value).toBe('hana.yamada');
    expect(calls.signin).toEqual([
      { body: { userType: 'streamer', authProvider: 'email' }, authorization: 'Bearer tok_landing' },
    ]);
    expect(getSessionToken()).toBe('tok_landing');
    fireEvent.change(name, { target: { value: 'はなこ' } });
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })).toBeTruthy();
    expect(calls.signup).toEqual([
      { body: { userType: 'streamer', name: 'はなこ', locale: 'ja' }, authorization: 'Bearer tok_landing' },
    ]);
    expect(router.location.pathname).toBe('/signup/streamer/finishSignUp');
    expect(window.localStorage.getItem('emailForSignIn')).toBeNull();
  });

  it('signs a returning person with a wallet in and goes to the area home', async () => {
    window.localStorage.setItem('authRedirect', 'google');
    const user = makeAccount({ name: 'Returning' });
    const { api, calls } = server(() => jsonResponse(200, { result: 'signin', user }));
    const { router } = renderApp('/signup/streamer/finishSignUp', { api });
    await waitFor(() => expect(router.location.pathname).toBe('/streamer/home'));
    expect(calls.signin[0]?.body).toEqual({ userType: 'streamer', authProvider: 'google' });
    expect(within(await screen.findByTestId('account-menu')).getByText('Returning')).toBeTruthy();
    expect(window.localStorage.getItem('authRedirect')).toBeNull();
  });

  it('shows "registered as the other type" and keeps the returned user', async () => {
    const user = makeAccount({ name: 'Streamer Sam', type: 'streamer' });
    // This browser knows Sam's wallet; otherwise the returning-wallet step (decision 0065) comes first.
    rememberContinued(user.walletAddress!);
    const { api } = server(() =>
      jsonResponse(200, { result: 'invalid user type', user, hasAnotherUserType: true }),
    );
    const { router } = renderApp('/signup/audience/finishSignUp', { api });
    expect(await screen.findByRole('heading', { level: 1, name: '配信者として登録済みです' })).toBeTruthy();
    expect((await screen.findByTestId('go-other-home')).getAttribute('href')).toBe('/streamer/home');
    expect(within(await screen.findByTestId('account-menu')).getByText('Streamer Sam')).toBeTruthy();
    expect(router.location.pathname).toBe('/signup/audience/finishSignUp');
  });

  it('sends a failed link back to the sign-up page of its type, with the reason', async () => {
    const { api, calls } = server(() => jsonResponse(500, {}));
    const { router } = renderApp('/signup/audience/finishSignUp?error=INVALID_TOKEN', { api });
    await waitFor(() => expect(router.location.pathname).toBe('/signup/audience'));
    expect(router.location.search).toBe('?error=INVALID_TOKEN');
    expect(await screen.findByText(/有効期限が切れているか/)).toBeTruthy();
    expect(calls.signin).toHaveLength(0);
  });

  it('treats a landing without any user as an error, with a way back', async () => {
    const { api, calls } = server(() => jsonResponse(500, {}), undefined, false);
    renderApp('/signup/streamer/finishSignUp', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'ログインできませんでした' })).toBeTruthy();
    expect(screen.getByText(/ログインしたユーザーの情報が見つかりませんでした/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '登録・ログイン画面へ戻る' }).getAttribute('href')).toBe(
      '/signup/streamer',
    );
    expect(calls.signin).toHaveLength(0);
  });

  it('shows any other sign-in failure with its message', async () => {
    const { api } = server(() =>
      jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'This account is suspended.' } }),
    );
    renderApp('/signup/streamer/finishSignUp', { api });
    expect(await screen.findByText('This account is suspended.')).toBeTruthy();
  });
});
