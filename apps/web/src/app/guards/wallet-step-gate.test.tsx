import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { verifyMessage } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeWalletDb, getWalletRecord, listWalletRecords } from '../../lib/wallet';
import { jsonResponse, makeAccount } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

beforeEach(() => {
  localStorage.clear();
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

describe('WalletStepGate', () => {
  it('holds a signed-in account without a wallet on its account page', async () => {
    renderApp('/streamer/account', { account: makeAccount({ walletAddress: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'アカウント' })).toBeNull();
    // The menu and header stay usable (sign-out is in the account menu).
    expect(screen.getByTestId('account-menu')).toBeTruthy();
  });

  it('holds operators without a wallet in the operator area', async () => {
    renderApp('/operator/users', { account: makeAccount({ walletAddress: null, role: 'operator' }) });
    expect(await screen.findByTestId('wallet-step')).toBeTruthy();
  });

  it('does not hold pages outside the wallet-step paths', async () => {
    renderApp('/streamer/home', { account: makeAccount({ walletAddress: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-step')).toBeNull();
  });

  it('does not hold signed-out visitors', async () => {
    renderApp('/signup/streamer');
    expect(await screen.findByRole('heading', { level: 1, name: '配信者として登録・ログイン' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-step')).toBeNull();
  });

  it('creates a browser wallet: backup, three words asked back, passphrase, encrypted into IndexedDB, address saved', async () => {
    const account = makeAccount({ walletAddress: null });
    const puts: {
      url: string;
      body: { walletAddress?: string; walletProof?: { message: string; signature: `0x${string}` } };
    }[] = [];
    renderApp('/streamer/account', {
      account,
      api: (url, init) => {
        if (url === `/api/account/${account.id}/walletChallenge` && init?.method === 'POST') {
          const { address } = JSON.parse(String(init.body)) as { address: string };
          return jsonResponse(200, {
            message: `challenge for ${address}`,
            expiresAt: new Date().toISOString(),
          });
        }
        if (url === `/api/account/${account.id}` && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as (typeof puts)[number]['body'] & {
            walletAddress: string;
          };
          puts.push({ url, body });
          return jsonResponse(200, { ...account, walletAddress: body.walletAddress });
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('wallet-choice-browser'));

    const list = await screen.findByTestId('recovery-words');
    const words = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-word-index]')?.textContent ?? '');
    expect(words).toHaveLength(12);
    const next = screen.getByTestId('backup-next') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/12 個の単語を順番どおりに書き写し/));
    fireEvent.click(next);

    // A wrong answer is refused.
    const inputs = await screen.findAllByLabelText(/番目の単語/);
    expect(inputs).toHaveLength(3);
    for (const input of inputs) fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('confirm-next'));
    expect(await screen.findByText(/リカバリーフレーズと一致しません/)).toBeTruthy();
    for (const input of inputs) {
      const number = Number(/(\d+)/.exec(input.getAttribute('data-testid') ?? '')?.[1]);
      fireEvent.change(input, { target: { value: words[number] } });
    }
    fireEvent.click(screen.getByTestId('confirm-next'));

    const passphrase = await screen.findByTestId('passphrase');
    // Both show/hide toggles are named in the page's language, not in Mantine's English (issue 35).
    const toggles = screen.getAllByRole('button', { name: 'パスフレーズを表示' });
    expect(toggles).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Toggle password visibility/ })).toBeNull();
    fireEvent.change(passphrase, { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('passphrase-confirm'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('create-wallet'));
    expect(await screen.findByText('パスフレーズは 10 文字以上にしてください。')).toBeTruthy();
    fireEvent.change(passphrase, { target: { value: 'a long enough passphrase' } });
    fireEvent.change(screen.getByTestId('passphrase-confirm'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.click(screen.getByTestId('create-wallet'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウント' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(puts).toHaveLength(1);
    const saved = puts[0]?.body.walletAddress ?? '';
    expect(saved).toMatch(ADDRESS_RE);
    // The address went with proof: the server's message, signed by the new wallet's key.
    const proof = puts[0]?.body.walletProof;
    expect(proof?.message).toBe(`challenge for ${saved}`);
    expect(
      await verifyMessage({
        address: saved as `0x${string}`,
        message: proof!.message,
        signature: proof!.signature,
      }),
    ).toBe(true);
    const record = await getWalletRecord(saved);
    expect(record?.address).toBe(saved);
    expect(record?.kdf.iterations).toBe(600_000);
    expect(JSON.stringify(record)).not.toContain(words.join(' '));
    expect(await listWalletRecords()).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('wallet-address').textContent).toBe(saved));
    expect(await screen.findByText('このブラウザのウォレット')).toBeTruthy();
  }, 30_000);

  it('says so after a reload mid-setup instead of silently showing new words', async () => {
    const account = makeAccount({ walletAddress: null });
    renderApp('/streamer/account', { account });
    fireEvent.click(await screen.findByTestId('wallet-choice-browser'));
    const firstWords = (await screen.findByTestId('recovery-words')).textContent;
    expect(screen.queryByTestId('setup-interrupted')).toBeNull();
    // The tab is reloaded (same sessionStorage) before the setup finished.
    cleanup();
    renderApp('/streamer/account', { account });
    fireEvent.click(await screen.findByTestId('wallet-choice-browser'));
    const warning = await screen.findByTestId('setup-interrupted');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('前回のウォレット作成は途中で終わりました');
    expect((await screen.findByTestId('recovery-words')).textContent).not.toBe(firstWords);
  });

  it('offers extension wallets and says so when there is none', async () => {
    renderApp('/audience/account', {
      account: makeAccount({ type: 'audience', walletAddress: null }),
      config: { mode: 'embedded', externalRedirectAllowedHosts: [], chainId: 31337, defaultLocale: 'ja' },
    });
    fireEvent.click(await screen.findByTestId('wallet-choice-injected'));
    expect(await screen.findByTestId('no-wallet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/アカウントがありません/)).toBeTruthy();
  });

  it('offers a returning account continue / restore / connect, and continue opens the page in one click', async () => {
    renderApp('/streamer/account', {
      account: makeAccount({ walletAddress: TEST_ADDRESS }),
      walletKnownHere: false,
    });
    expect(await screen.findByTestId('wallet-returning')).toBeTruthy();
    expect(screen.getByTestId('registered-address').textContent).toBe(TEST_ADDRESS);
    expect(screen.queryByTestId('wallet-choice-browser')).toBeNull();
    fireEvent.click(screen.getByTestId('wallet-continue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント' })).toBeTruthy();
    expect(localStorage.getItem('hanabi.walletContinued')).toContain(TEST_ADDRESS.toLowerCase());
  });

  it('restores only the registered address from the recovery phrase', async () => {
    renderApp('/streamer/account', {
      account: makeAccount({ walletAddress: TEST_ADDRESS }),
      walletKnownHere: false,
    });
    fireEvent.click(await screen.findByTestId('wallet-restore'));
    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    fireEvent.change(screen.getByTestId('restore-words'), { target: { value: other } });
    fireEvent.change(screen.getByTestId('restore-passphrase'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.change(screen.getByTestId('restore-passphrase-confirm'), {
      target: { value: 'a long enough passphrase' },
    });
    fireEvent.click(screen.getByTestId('restore-submit'));
    expect((await screen.findByTestId('restore-problem')).textContent).toContain(
      '登録済みのアドレスと違います',
    );
    fireEvent.change(screen.getByTestId('restore-words'), { target: { value: TEST_MNEMONIC } });
    fireEvent.click(screen.getByTestId('restore-submit'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アカウント' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect((await getWalletRecord(TEST_ADDRESS))?.address).toBe(TEST_ADDRESS);
  }, 30_000);
});
