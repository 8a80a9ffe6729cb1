import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { closeWalletDb, encryptWallet, saveWalletRecord, walletFromMnemonic } from '../../../lib/wallet';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const MNEMONIC = 'test test test test test test test test test test test junk';
const PASSPHRASE = 'my long passphrase';

beforeEach(() => {
  // This browser already knows the fixture accounts' wallets (the returning-browser step is tested in the gate).
  localStorage.setItem(
    'hanabi.walletContinued',
    JSON.stringify([makeAccount().walletAddress?.toLowerCase()]),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await closeWalletDb();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('hanabi');
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

function recordingApi(handler: (url: string, method: string, body: unknown) => Response | undefined) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const api = (url: string, init: RequestInit | undefined) => {
    if (url.startsWith('/api/auth/providers'))
      return jsonResponse(200, { email: true, google: true, twitter: false });
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answer = handler(url, method, body);
    if (answer) calls.push({ url, method, body });
    return answer;
  };
  return { api, calls };
}

describe('/streamer/account', () => {
  it('shows the profile, the sign-in methods (the last one cannot be unlinked) and the wallet', async () => {
    const account = makeAccount({ name: 'Hanako' });
    const { api } = recordingApi(() => undefined);
    renderApp('/streamer/account', { account, api });
    // The first test loads the account page's chunks (wallet, IndexedDB): give a loaded machine time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウント' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('Hanako');
    const methods = screen.getByTestId('sign-in-methods');
    const unlink = within(methods).getByRole('button', {
      name: 'メールリンク の連携を解除',
    }) as HTMLButtonElement;
    expect(unlink.disabled).toBe(true);
    expect(screen.getByText(/ログイン方法が 1 つだけのため、解除できません/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Google を連携する' })).toBeTruthy();
    expect(screen.getByTestId('wallet-address').textContent).toBe(account.walletAddress);
    expect(await screen.findByText('外部のウォレット')).toBeTruthy();
    expect(screen.queryByTestId('operator-role')).toBeNull();
  });

  it('shows operators their role', async () => {
    renderApp('/audience/account', { account: makeAccount({ type: 'audience', role: 'operator' }) });
    expect(await screen.findByTestId('operator-role')).toBeTruthy();
  });

  it('saves the profile and stores the answer as the account', async () => {
    const account = makeAccount({ name: 'Hanako' });
    const { api, calls } = recordingApi((url, method, body) =>
      url === `/api/account/${account.id}` && method === 'PUT'
        ? jsonResponse(200, { ...account, ...(body as object) })
        : undefined,
    );
    renderApp('/streamer/account', { account, api });
    const name = await screen.findByTestId('profile-name');
    fireEvent.change(name, { target: { value: '  はなこ ' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('更新しました')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      name: 'はなこ',
      bio: '',
      avatarUrl: '/assets/images/avatar.svg',
      locale: 'ja',
    });
    await waitFor(() => expect(within(screen.getByTestId('account-menu')).getByText('はなこ')).toBeTruthy());
  });

  it('turns prize e-mails off (on by default, sent to the account’s address) and stores the answer', async () => {
    const account = makeAccount({ email: 'hana@example.com' });
    const { api, calls } = recordingApi((url, method, body) =>
      url === `/api/account/${account.id}` && method === 'PUT'
        ? jsonResponse(200, { ...account, ...(body as object) })
        : undefined,
    );
    renderApp('/streamer/account', { account, api });
    const toggle = (await screen.findByTestId('email-notices-switch')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(/hana@example.com へお知らせします/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('メールのお知らせ設定を更新しました')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ emailNotices: false });
    await waitFor(() =>
      expect((screen.getByTestId('email-notices-switch') as HTMLInputElement).checked).toBe(false),
    );
  });

  it('refuses an avatar URL that is not https or a site path', async () => {
    const { api, calls } = recordingApi(() => undefined);
    renderApp('/streamer/account', { account: makeAccount(), api });
    const input = await screen.findByLabelText(/アイコン画像の URL/);
    fireEvent.change(input, { target: { value: 'http://insecure.example/a.png' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText(/https:\/\/ で始まる URL か/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('unlinks a method after confirmation, and follows the provider to link Google', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const account = makeAccount({
      signInMethods: [
        { provider: 'email', linkedAt: '2025-01-01T00:00:00.000Z' },
        { provider: 'twitter', linkedAt: '2025-02-01T00:00:00.000Z' },
      ],
    });
    const { api, calls } = recordingApi((url, _method, body) => {
      if (url !== `/api/account/${account.id}/firebaselink`) return undefined;
      const change = body as { action: string; provider: string };
      if (change.action === 'link')
        return jsonResponse(200, { redirectUrl: 'https://accounts.example/consent' });
      return jsonResponse(200, { ...account, signInMethods: account.signInMethods.slice(0, 1) });
    });
    renderApp('/streamer/account', { account, api });
    fireEvent.click(await screen.findByRole('button', { name: 'X（Twitter） の連携を解除' }));
    fireEvent.click(await screen.findByRole('button', { name: '連携を解除' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ action: 'unlink', provider: 'twitter' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'X（Twitter） の連携を解除' })).toBeNull(),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Google を連携する' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/consent'));
    expect(calls[1]?.body).toEqual({ action: 'link', provider: 'google', callbackURL: '/streamer/account' });
  });

  it('unlocks the browser wallet with the passphrase (a wrong one is refused) and shows the recovery phrase', async () => {
    const wallet = walletFromMnemonic(MNEMONIC);
    await saveWalletRecord(await encryptWallet(MNEMONIC, PASSPHRASE));
    renderApp('/streamer/account', { account: makeAccount({ walletAddress: wallet.address }) });
    // The page first checks which wallet this browser holds (IndexedDB): give a loaded machine time.
    expect(await screen.findByText('このブラウザのウォレット', {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(screen.getByTestId('wallet-unlock'));
    const input = await screen.findByTestId('unlock-passphrase');
    fireEvent.change(input, { target: { value: 'not the passphrase' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByText('パスフレーズが違います。', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(input, { target: { value: PASSPHRASE } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    const unlocked = await screen.findByTestId('unlock-result', {}, { timeout: 10_000 });
    expect(within(unlocked).getByText(new RegExp(wallet.address))).toBeTruthy();
    // The dialog's own close buttons (toasts have one named the same): its icon in the title bar and the one at
    // its foot are both "閉じる"; the foot's is clicked.
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(screen.getByTestId('wallet-export'));
    fireEvent.change(await screen.findByTestId('unlock-passphrase'), { target: { value: PASSPHRASE } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    const result = await screen.findByTestId('export-result', {}, { timeout: 10_000 });
    expect(within(result).getAllByRole('listitem')).toHaveLength(12);
    expect(within(result).getByText('junk')).toBeTruthy();
  }, 30_000);

  it('signs out everywhere after confirmation and lands on the sign-up page', async () => {
    const { api, calls } = recordingApi((url) =>
      url.startsWith('/api/signout') ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderApp('/streamer/account', { account: makeAccount(), api });
    fireEvent.click(await screen.findByTestId('sign-out-everywhere'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'すべての端末からログアウト' }));
    await waitFor(() => expect(router.location.pathname).toBe('/signup/streamer'));
    expect(calls).toEqual([{ url: '/api/signout', method: 'POST', body: { everywhere: true } }]);
  });
});
