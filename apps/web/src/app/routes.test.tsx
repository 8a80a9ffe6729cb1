import { apiRoutes } from '@hanabi/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { makeCampaign } from '../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../test/fixtures';
import { renderApp } from '../test/render-app';

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function settledPath(router: ReturnType<typeof renderApp>['router'], expected: string) {
  await waitFor(() => expect(router.location.pathname).toBe(expected));
}

describe('signed-out visitors', () => {
  it('are sent from /streamer/home to /signup/streamer', async () => {
    const { router } = renderApp('/streamer/home');
    await settledPath(router, '/signup/streamer');
    expect(await screen.findByRole('heading', { level: 1, name: '配信者として登録・ログイン' })).toBeTruthy();
  });

  it('are sent from /audience/collection to /signup/audience', async () => {
    const { router } = renderApp('/audience/collection');
    await settledPath(router, '/signup/audience');
    expect(await screen.findByRole('heading', { level: 1, name: '視聴者として登録・ログイン' })).toBeTruthy();
  });

  it('are sent from operator pages to /signup/streamer', async () => {
    const { router } = renderApp('/operator/users');
    await settledPath(router, '/signup/streamer');
  });

  it('can read /campaign/1', async () => {
    const { router } = renderApp('/campaign/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'キャンペーン' })).toBeTruthy();
    expect(router.location.pathname).toBe('/campaign/1');
  });

  it('can read /terms', async () => {
    const { router } = renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    expect(router.location.pathname).toBe('/terms');
  });

  it('see the landing page at / with both choices', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hanabi へようこそ' })).toBeTruthy();
    expect(screen.getByTestId('choose-streamer').getAttribute('href')).toBe('/streamer');
    expect(screen.getByTestId('choose-audience').getAttribute('href')).toBe('/audience');
  });

  it('see the /streamer intro with a sign-up button and the area menu with no current entry', async () => {
    renderApp('/streamer');
    const button = await screen.findByRole('link', { name: '新規登録・ログイン' });
    expect(button.getAttribute('href')).toBe('/signup/streamer');
    // The area menu is its own chunk (decision 0190): it arrives just after the page.
    await waitFor(() => expect(document.querySelector('[data-menu="home"]')).not.toBeNull());
    expect(document.querySelector('[data-menu][aria-current="page"]')).toBeNull();
  });

  it('may open pages with crawler=true', async () => {
    const { router } = renderApp('/audience/home?crawler=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy();
    expect(router.location.pathname).toBe('/audience/home');
    expect(document.querySelector('[data-menu="home"]')?.getAttribute('aria-current')).toBe('page');
  });
});

describe('redirects of the original', () => {
  it.each([
    ['/distributer', '/streamer'],
    ['/distributer/home', '/signup/streamer'],
    ['/streamer/signup', '/signup/streamer'],
    ['/audience/signup', '/signup/audience'],
    ['/operator', '/signup/streamer'],
  ])('%s → %s (signed out)', async (from, to) => {
    const { router } = renderApp(from);
    await settledPath(router, to);
  });

  it('keeps the rest of a /distributer path for a signed-in streamer', async () => {
    const { router } = renderApp('/distributer/editor/digitalgoods?x=1', { account: makeAccount() });
    await settledPath(router, '/streamer/editor/digitalgoods');
    expect(router.location.search).toBe('?x=1');
  });

  it('sends /operator to /operator/dashboard for an operator', async () => {
    const { router } = renderApp('/operator', { account: makeAccount({ role: 'operator' }) });
    await settledPath(router, '/operator/dashboard');
    const current = await screen.findByRole('link', { current: 'page' });
    expect(current.getAttribute('data-menu')).toBe('dashboard');
  });
});

describe('signed-in streamer', () => {
  it('sees the campaign menu entry as current at /streamer/editor/campaign/1', async () => {
    renderApp('/streamer/editor/campaign/1', { account: makeAccount() });
    expect(await screen.findByRole('heading', { level: 1, name: 'キャンペーンの編集' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'メニュー' });
    const campaign = nav.querySelector('[data-menu="campaign"]');
    expect(campaign?.getAttribute('aria-current')).toBe('page');
    expect(campaign?.getAttribute('href')).toBe('/streamer/editor/campaign');
    const entries = [...nav.querySelectorAll('[data-menu]')].map((el) => el.getAttribute('data-menu'));
    expect(entries).toEqual(['home', 'campaign', 'manual-distribution', 'digitalgoods', 'account']);
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it('has no current entry on a live stream page', async () => {
    renderApp('/streamer/liveStreaming/5', { account: makeAccount() });
    expect(await screen.findByRole('heading', { level: 1, name: 'ライブ配信' })).toBeTruthy();
    expect(document.querySelectorAll('[data-menu][aria-current="page"]')).toHaveLength(0);
  });

  it('shows the account name in the header', async () => {
    renderApp('/streamer/home', { account: makeAccount({ name: 'Hanako' }) });
    const menu = await screen.findByTestId('account-menu');
    expect(within(menu).getByText('Hanako')).toBeTruthy();
  });

  it('is told the audience area is for viewers', async () => {
    renderApp('/audience/collection', { account: makeAccount() });
    expect(await screen.findByRole('heading', { level: 1, name: 'このページは視聴者向けです' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '自分のホームへ' }).getAttribute('href')).toBe('/streamer/home');
  });
});

describe('signed-in audience member', () => {
  it('sees the audience menu with the current entry', async () => {
    renderApp('/audience/streamer', { account: makeAccount({ type: 'audience' }) });
    expect(await screen.findByRole('heading', { level: 1, name: '配信者' })).toBeTruthy();
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.getAttribute('data-menu')).toBe('streamer');
  });

  it('keeps the audience menu on a public campaign page', async () => {
    renderApp('/campaign/9', { account: makeAccount({ type: 'audience' }) });
    await screen.findByRole('heading', { level: 1, name: 'キャンペーン' });
    const current = await screen.findByRole('link', { current: 'page' });
    expect(current.getAttribute('data-menu')).toBe('campaign');
    expect(current.getAttribute('href')).toBe('/audience/campaign');
  });
});

describe('unknown paths', () => {
  it('show the not-found page to signed-in users', async () => {
    renderApp('/streamer/nowhere', { account: makeAccount() });
    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy();
  });
});

describe('sign-out', () => {
  it('clears the account and goes to /signup/streamer from the streamer area', async () => {
    const { router, queryClient, fetchMock } = renderApp('/streamer/home', { account: makeAccount() });
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'ログアウト' }));
    await settledPath(router, '/signup/streamer');
    if ('signout' in apiRoutes) {
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/signout')).toBe(true);
    }
    expect(queryClient.getQueryData(['account'])).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('account-menu')).toBeNull());
  });

  it('goes to /signup/audience from the audience area', async () => {
    const { router } = renderApp('/audience/home', { account: makeAccount({ type: 'audience' }) });
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'ログアウト' }));
    await settledPath(router, '/signup/audience');
  });
});

describe('language switch', () => {
  it('switches the page to English', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    fireEvent.click(screen.getByRole('button', { name: /言語を切り替える/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('hanabi.locale')).toBe('en');
    await i18n.changeLanguage('ja');
  });
});

describe('a streamer on their own public campaign', () => {
  it('follows their name to their own home, never the audience-only notice', async () => {
    const account = makeAccount({ type: 'streamer' });
    const campaign = makeCampaign({ userId: account.id, user: { ...makeCampaign().user, id: account.id } });
    const { router } = renderApp('/campaign/c1', {
      account,
      api: (url) => (url === '/api/campaign/c1' ? jsonResponse(200, campaign) : undefined),
    });
    const name = await screen.findByTestId('streamer-name', {}, { timeout: 5000 });
    await waitFor(() => expect(name.getAttribute('href')).toBe('/streamer/home'));
    fireEvent.click(name);
    await settledPath(router, '/streamer/home');
    expect(screen.queryByText('このページは視聴者向けです')).toBeNull();
  });

  it('is taken home from their own public streamer page in the audience area', async () => {
    const account = makeAccount({ type: 'streamer' });
    const { router } = renderApp(`/audience/streamer/${account.id}`, { account });
    await settledPath(router, '/streamer/home');
    expect(screen.queryByText('このページは視聴者向けです')).toBeNull();
  });
});
