import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PASSPHRASE,
  PHONE,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
} from '../support/e2e-helpers';

/**
 * Identity end to end on the built app (embedded mode): a streamer signs up through an e-mail link read from the
 * dev mailbox, registers, creates a browser wallet (backup check, passphrase), lands in the streamer area,
 * unlocks the wallet after a reload, signs out; the same address then tries the audience side.
 */
/** Requests a sign-in link on /signup/{type}, then opens it from the dev mailbox page. */
async function signInByEmailLink(
  page: Page,
  type: 'streamer' | 'audience',
  email: string,
  screenshot?: string,
) {
  await page.goto(`/signup/${type}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('dev-mailbox-hint')).toBeVisible();
  await noSeriousAxeViolations(page, `/signup/${type}`);
  await page.getByLabel('メールアドレス').fill(email);
  if (screenshot) await shoot(page, screenshot);
  await page.getByRole('button', { name: 'ログインリンクを送る' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBe(email);

  await page.getByRole('link', { name: '開発用メールボックスを開く' }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  const mail = page.getByTestId('dev-mail').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: 'ログインリンクを開く' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup/${type}/finishSignUp$`));
}

test('a streamer signs up with an e-mail link, creates a browser wallet, unlocks it, signs out; the audience side refuses the address', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const local = `streamer-${stamp}`;
  const email = `${local}@example.com`;
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // A new person's sign-up earns no failed API call (each is a console error in their browser).
  const failedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  // Everything the browser sends, to prove the recovery phrase and the private key never leave it.
  const sentBodies: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body) sentBodies.push(body);
  });
  await page.setViewportSize(DESKTOP);

  // --- Sign-up page, dev mailbox, landing ---
  await page.goto('/signup/streamer');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'ログインリンクを送る' })).toBeVisible();
  await noHorizontalOverflow(page);
  await shoot(page, 'identity-signup-phone.png');
  await page.setViewportSize(DESKTOP);
  await signInByEmailLink(page, 'streamer', email, 'identity-signup.png');

  // --- Registration: the display name starts as the e-mail's local part ---
  await expect(page.getByRole('heading', { level: 1, name: 'アカウントの登録' })).toBeVisible();
  const name = page.getByTestId('register-name');
  await expect(name).toHaveValue(local);
  await noSeriousAxeViolations(page, 'registration');
  await shoot(page, 'identity-finish-registration.png');
  await name.fill('E2E 配信者');
  await page.getByRole('button', { name: '登録する' }).click();

  // --- Wallet step on the landing page ---
  await expect(page.getByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/streamer\/finishSignUp$/);
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
  await noSeriousAxeViolations(page, 'wallet step');
  await page.getByTestId('wallet-choice-browser').click();
  const wordCells = page.locator('[data-testid="recovery-words"] [data-word-index]');
  await expect(wordCells).toHaveCount(12);
  const words = await wordCells.allTextContents();
  expect(new Set(words).size).toBeGreaterThan(1);
  await shoot(page, 'identity-wallet-backup.png');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'identity-wallet-backup-phone.png');
  await page.setViewportSize(DESKTOP);
  await page.getByLabel(/12 個の単語を順番どおりに書き写し/).check();
  await page.getByTestId('backup-next').click();
  const asked = page.locator('input[data-testid^="confirm-word-"]');
  await expect(asked).toHaveCount(3);
  for (const input of await asked.all()) {
    const index = Number((await input.getAttribute('data-testid'))?.replace('confirm-word-', ''));
    await input.fill(words[index] ?? '');
  }
  await page.getByTestId('confirm-next').click();
  await page.getByTestId('passphrase').fill(PASSPHRASE);
  await page.getByTestId('passphrase-confirm').fill(PASSPHRASE);
  await page.getByTestId('create-wallet').click();

  // PBKDF2 at 600,000 iterations, then the address is saved and the landing continues to the area home.
  await expect(page).toHaveURL(/\/streamer\/home$/, { timeout: 30_000 });
  await expect(page.getByTestId('account-menu')).toContainText('E2E 配信者');
  expect(failedCalls).toEqual([]);

  // --- After a reload: still signed in; the account page shows the wallet and unlocks it ---
  await page.reload();
  await expect(page.getByTestId('account-menu')).toContainText('E2E 配信者');
  await page.goto('/streamer/account');
  await expect(page.getByRole('heading', { level: 1, name: 'アカウント' })).toBeVisible();
  const address = (await page.getByTestId('wallet-address').textContent()) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('wallet-kind')).toHaveText('このブラウザのウォレット');
  const me = await page.request.get('/api/myAccountBase');
  expect((await me.json()).walletAddress).toBe(address);

  // The stored record: encrypted, with its parameters, and no phrase in plain text.
  const stored = await page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('hanabi');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const record = await new Promise<unknown>((resolve, reject) => {
      const get = db.transaction('wallet').objectStore('wallet').get(key);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    db.close();
    return JSON.stringify(record);
  }, address);
  const record = JSON.parse(stored) as { kdf: { iterations: number; name: string }; address: string };
  expect(record.address).toBe(address);
  expect(record.kdf).toMatchObject({ name: 'PBKDF2', iterations: 600_000 });
  expect(stored).not.toContain(words.slice(0, 3).join(' '));
  for (const body of sentBodies) expect(body).not.toContain(words.slice(0, 3).join(' '));

  await page.getByTestId('wallet-unlock').click();
  await page.getByTestId('unlock-passphrase').fill('not the passphrase');
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByText('パスフレーズが違います。')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('unlock-passphrase').fill(PASSPHRASE);
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByTestId('unlock-result')).toContainText(address, { timeout: 15_000 });
  // The dialog's foot button (its title bar's icon is named 閉じる too).
  await page.getByTestId('unlock-result').getByRole('button', { name: '閉じる' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await noSeriousAxeViolations(page, 'account page');
  await shoot(page, 'identity-account.png');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'identity-account-phone.png');
  await page.setViewportSize(DESKTOP);

  // --- Sign out: back to /signup/streamer, signed out for the server too ---
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/signup\/streamer$/);
  expect((await page.request.get('/api/myAccountBase')).status()).toBe(401);

  // --- The same address on the audience side: "registered as the other type" ---
  await signInByEmailLink(page, 'audience', email);
  await expect(page.getByRole('heading', { level: 1, name: '配信者として登録済みです' })).toBeVisible();
  await expect(page.getByTestId('other-type-panel')).toContainText('E2E 配信者');
  await expect(page.getByTestId('go-other-home')).toHaveAttribute('href', '/streamer/home');
  await shoot(page, 'identity-other-type.png');
  await page.goto('/dev/mailbox');
  await expect(page.getByTestId('dev-mail').first()).toBeVisible();
  await shoot(page, 'identity-dev-mailbox.png');

  expect(problems).toEqual([]);
});

/**
 * A stand-in browser extension wallet announced over EIP-6963: starts locked (no accounts) on mainnet (chain 1);
 * `window.__testWallet.unlock()` gives it an account.
 */
function installTestWallet() {
  const account = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
  const listeners: Record<string, Array<(value: unknown) => void>> = {};
  const state = { locked: true, chainId: '0x1', switches: [] as string[] };
  const emit = (event: string, value: unknown) =>
    (listeners[event] ?? []).forEach((listener) => listener(value));
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return state.locked ? [] : [account];
        case 'wallet_requestPermissions':
          return state.locked ? [] : [{ parentCapability: 'eth_accounts', caveats: [{ value: [account] }] }];
        case 'eth_chainId':
          return state.chainId;
        case 'wallet_switchEthereumChain': {
          const { chainId } = (params?.[0] ?? {}) as { chainId: string };
          state.switches.push(chainId);
          state.chainId = chainId;
          emit('chainChanged', chainId);
          return null;
        }
        case 'wallet_revokePermissions':
          return null;
        // The proof of control (decision 0063): signed by the test's key through a function Playwright exposes.
        case 'personal_sign':
          return (window as unknown as { __testSign(raw: string): Promise<string> }).__testSign(
            String(params?.[0]),
          );
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
    on(event: string, listener: (value: unknown) => void) {
      (listeners[event] ??= []).push(listener);
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event] = (listeners[event] ?? []).filter((item) => item !== listener);
    },
  };
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: {
            uuid: '6f1d6c1e-5b1e-4b7e-9a3e-000000000001',
            name: 'Test Wallet',
            icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"%3E%3Crect width="10" height="10" fill="%23e8590c"/%3E%3C/svg%3E',
            rdns: 'local.hanabi.testwallet',
          },
          provider,
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  Object.assign(window, { __testWallet: { state, unlock: () => (state.locked = false) } });
}

test('an audience member connects an extension wallet: locked, then unlocked, wrong network switched', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `viewer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  // Anvil's second well-known key: its address is the one the stand-in wallet reports.
  const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  await page.exposeFunction('__testSign', (raw: string) =>
    signer.signMessage({ message: { raw: raw as Hex } }),
  );
  await page.addInitScript(installTestWallet);
  await page.setViewportSize(DESKTOP);
  await signInByEmailLink(page, 'audience', email);
  await page.getByTestId('register-name').fill('E2E 視聴者');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })).toBeVisible();

  await page.getByTestId('wallet-choice-injected').click();
  const connect = page.getByRole('button', { name: 'Test Wallet を接続' });
  await expect(connect).toBeVisible();
  await connect.click();
  await expect(page.getByRole('alert')).toContainText('ウォレット拡張機能にログインしてください');

  await page.evaluate(() =>
    (window as unknown as { __testWallet: { unlock(): void } }).__testWallet.unlock(),
  );
  await connect.click();
  await expect(page.getByTestId('injected-address')).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  await expect(page.getByTestId('wrong-network')).toContainText('mainnet');
  await expect(page.getByTestId('wrong-network')).toContainText('local');
  await shoot(page, 'identity-injected-wrong-network.png');
  await page.getByRole('button', { name: 'local に切り替える' }).click();
  await expect(page.getByText('ネットワーク: local')).toBeVisible();
  const switches = await page.evaluate(
    () =>
      (window as unknown as { __testWallet: { state: { switches: string[] } } }).__testWallet.state.switches,
  );
  expect(switches).toEqual(['0x7a69']);
  await page.getByTestId('use-injected').click();

  await expect(page).toHaveURL(/\/audience\/home$/, { timeout: 15_000 });
  await page.goto('/audience/account');
  await expect(page.getByTestId('wallet-address')).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  await expect(page.getByTestId('wallet-kind')).toHaveText('拡張機能のウォレット（Test Wallet）');
  await expect(page.getByTestId('wallet-unlock')).toHaveCount(0);
});

test('an expired or used sign-in link goes back to the sign-up page with an explanation', async ({
  page,
}) => {
  await page.goto('/signup/audience/finishSignUp?error=INVALID_TOKEN');
  await expect(page).toHaveURL(/\/signup\/audience\?error=INVALID_TOKEN$/);
  await expect(page.getByTestId('signin-error')).toContainText('有効期限が切れているか');
});
