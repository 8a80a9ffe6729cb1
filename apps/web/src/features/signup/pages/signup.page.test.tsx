import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const embedded = {
  mode: 'embedded' as const,
  externalRedirectAllowedHosts: [],
  chainId: 31337,
  defaultLocale: 'ja' as const,
};

function providers(google: boolean, twitter: boolean) {
  return (url: string) =>
    url.startsWith('/api/auth/providers') ? jsonResponse(200, { email: true, google, twitter }) : undefined;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/signup/:userType', () => {
  it('offers Google and X only when the server has them configured', async () => {
    renderApp('/signup/streamer', { api: providers(true, false) });
    expect(await screen.findByRole('button', { name: 'Google で続ける' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'X（Twitter）で続ける' })).toBeNull();
    expect(screen.getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
  });

  it('shows no provider buttons when none is configured', async () => {
    renderApp('/signup/audience', { api: providers(false, false) });
    await screen.findByRole('button', { name: 'ログインリンクを送る' });
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
  });

  it('sends the e-mail link to finishSignUp, remembers the address as emailForSignIn and says so', async () => {
    const sent: unknown[] = [];
    renderApp('/signup/streamer', {
      api: (url, init) => {
        if (url.startsWith('/api/auth/sign-in/magic-link')) {
          sent.push(JSON.parse(String(init?.body)));
          return jsonResponse(200, { status: true });
        }
        return providers(false, false)(url);
      },
    });
    const input = await screen.findByLabelText(/メールアドレス/);
    fireEvent.change(input, { target: { value: 'hana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログインリンクを送る' }));
    expect(await screen.findByText(/hana@example.com にログイン用のリンクを送りました/)).toBeTruthy();
    expect(sent).toEqual([
      {
        email: 'hana@example.com',
        callbackURL: '/signup/streamer/finishSignUp',
        newUserCallbackURL: '/signup/streamer/finishSignUp',
        errorCallbackURL: '/signup/streamer',
      },
    ]);
    expect(window.localStorage.getItem('emailForSignIn')).toBe('hana@example.com');
  });

  it('validates the address before sending', async () => {
    const { fetchMock } = renderApp('/signup/streamer', { api: providers(false, false) });
    const input = await screen.findByLabelText(/メールアドレス/);
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログインリンクを送る' }));
    expect(await screen.findByText('正しいメールアドレスを入力してください。')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('magic-link'))).toBe(false);
  });

  it('explains rate limiting', async () => {
    renderApp('/signup/streamer', {
      api: (url) =>
        url.startsWith('/api/auth/sign-in/magic-link')
          ? jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } })
          : providers(false, false)(url),
    });
    fireEvent.change(await screen.findByLabelText(/メールアドレス/), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログインリンクを送る' }));
    expect(await screen.findByText(/試行回数が多すぎます/)).toBeTruthy();
  });

  it('prefills the remembered address', async () => {
    window.localStorage.setItem('emailForSignIn', 'again@example.com');
    renderApp('/signup/streamer', { api: providers(false, false) });
    expect(((await screen.findByLabelText(/メールアドレス/)) as HTMLInputElement).value).toBe(
      'again@example.com',
    );
  });

  it('remembers the OAuth choice as authRedirect and leaves for the provider', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    let body: unknown;
    renderApp('/signup/audience', {
      api: (url, init) => {
        if (url.startsWith('/api/auth/sign-in/social')) {
          body = JSON.parse(String(init?.body));
          return jsonResponse(200, { url: 'https://accounts.example/authorize?x=1', redirect: false });
        }
        return providers(true, true)(url);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'X（Twitter）で続ける' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?x=1'));
    expect(window.localStorage.getItem('authRedirect')).toBe('twitter');
    expect(body).toMatchObject({
      provider: 'twitter',
      callbackURL: '/signup/audience/finishSignUp',
      errorCallbackURL: '/signup/audience',
      disableRedirect: true,
    });
  });

  it('links to the dev mailbox in embedded mode', async () => {
    renderApp('/signup/streamer', { config: embedded, api: providers(false, false) });
    const link = await screen.findByRole('link', { name: '開発用メールボックスを開く' });
    expect(link.getAttribute('href')).toBe('/dev/mailbox');
  });

  it('explains an expired link', async () => {
    renderApp('/signup/streamer?error=INVALID_TOKEN', { api: providers(false, false) });
    expect(await screen.findByText(/有効期限が切れているか、すでに使われています/)).toBeTruthy();
  });

  it('tells a signed-in visitor who they are instead of offering sign-in', async () => {
    renderApp('/signup/streamer', { account: makeAccount({ name: 'Hanako' }), api: providers(true, true) });
    expect(await screen.findByText(/Hanako さん（配信者）としてログインしています/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ログインリンクを送る' })).toBeNull();
  });
});
