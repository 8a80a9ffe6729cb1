import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Shared steps of the e2e specs: screenshots, layout and accessibility checks, e-mail-link sign-in. */
/** Where screenshots (and files the specs download) go. */
export const shots = path.join(import.meta.dirname, '..', 'test-results', 'screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const PASSPHRASE = 'hanabi e2e passphrase';
export const OPERATOR = 'operator@demo.hanabi.local';
export const AUDIENCE = 'audience@demo.hanabi.local';
export const STREAMER = 'streamer@demo.hanabi.local';

export async function shoot(page: Page, name: string) {
  // Let the layout settle after a viewport change (the navbar collapses with a transition).
  await page.waitForTimeout(400);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, name), fullPage: true });
}

export async function noHorizontalOverflow(page: Page) {
  // Polled: right after a viewport change the app shell's navbar is still sliding out (a transition), and only the
  // settled layout counts.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Both viewports: a screenshot each, and nothing wider than a 390 px phone. */
export async function bothSizes(page: Page, name: string) {
  await shoot(page, `${name}.png`);
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, `${name}-phone.png`);
  await page.setViewportSize(DESKTOP);
}

/** Names of products and technical terms a Japanese page writes in Latin letters. */
const LATIN_TERMS = [
  'YouTube',
  'TwitCasting',
  'Hanabi',
  'OBS',
  'URL',
  'API',
  'ERC-1155',
  'IPFS',
  'drand',
  'QR',
];

/**
 * Nothing on a Japanese page reads as English: no run of two or more Latin words is left once the people's and
 * things' own names (`names`: what the spec typed), product names, URLs and hex values are taken out. A server
 * message shown untranslated ("You are not live on YouTube right now…") fails it.
 */
export async function noUntranslatedText(page: Page, names: string[]) {
  let text = await page.locator('body').innerText();
  for (const name of [...names, ...LATIN_TERMS].sort((a, b) => b.length - a.length)) {
    text = text.split(name).join(' ');
  }
  text = text.replace(/https?:\/\/\S+/g, ' ').replace(/\b0x[0-9a-fA-F]+\b/g, ' ');
  expect(text.match(/[A-Za-z]{2,}(?:[ ,.'’:-]+[A-Za-z]{2,})+/g) ?? [], 'English on a Japanese page').toEqual(
    [],
  );
}

/**
 * The serious and critical axe violations on the page, one line each. `label-content-name-mismatch` (a visible
 * label the accessible name does not contain, WCAG 2.5.3) is among axe's experimental rules, off by default; it is
 * turned on here, as the outside review of issue 35 ran it (decision 0218).
 */
export async function seriousAxeViolations(page: Page, label: string): Promise<string[]> {
  // The toasts' close buttons come from the shared toast helper (src/lib/toast.ts), outside this feature.
  const results = await new AxeBuilder({ page })
    .exclude('.mantine-Notification-closeButton')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
}

export async function noSeriousAxeViolations(page: Page, label: string) {
  expect(await seriousAxeViolations(page, label)).toEqual([]);
}

/** Requests a sign-in link on /signup/{type} and opens it from the dev mailbox. */
export async function signIn(page: Page, type: 'streamer' | 'audience', email: string) {
  await page.context().clearCookies();
  await page.goto(`/signup/${type}`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'ログインリンクを送る' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  await page.getByRole('link', { name: '開発用メールボックスを開く' }).click();
  const mail = page.getByTestId('dev-mail').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: 'ログインリンクを開く' }).click();
  // Signed in: an account without a wallet address gets the wallet step (asked of the server, since the
  // area home may show for a moment before the step replaces it).
  const home = new RegExp(`/${type}/home$`);
  await expect
    .poll(async () => (await page.request.get('/api/myAccountBase')).status(), { timeout: 20_000 })
    .toBe(200);
  const me = (await (await page.request.get('/api/myAccountBase')).json()) as {
    walletAddress: string | null;
  };
  if (!me.walletAddress) {
    await expect(page.getByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })).toBeVisible({
      timeout: 20_000,
    });
    await createBrowserWallet(page);
  } else {
    await continueWithRegisteredWallet(page);
  }
  await expect(page).toHaveURL(home, { timeout: 30_000 });
  if (me.walletAddress) {
    // The sign-in may reach home before the returning step shows on the landing (the account is read after the
    // session, decision 0095); the account page holds for it, so "continue" there once, then back home.
    await page.goto(`/${type}/account`);
    const step = page.getByTestId('wallet-returning');
    const account = page.getByTestId('profile-name');
    await expect(step.or(account)).toBeVisible({ timeout: 20_000 });
    if (await step.isVisible()) await page.getByTestId('wallet-continue').click();
    await expect(account).toBeVisible({ timeout: 20_000 });
    await page.goto(`/${type}/home`);
    await expect(page).toHaveURL(home, { timeout: 30_000 });
  }
}

/**
 * An account that already has a wallet address, on a browser that does not know its wallet (the demo streamer
 * and operator on a fresh browser): the returning step's "continue", one click (decision 0065). Nothing to do
 * when this browser already knows the wallet.
 */
export async function continueWithRegisteredWallet(page: Page) {
  const returning = page.getByTestId('wallet-returning');
  const settled = await Promise.race([
    returning.waitFor({ state: 'visible', timeout: 20_000 }).then(() => 'step' as const),
    page
      .waitForURL(/\/(streamer|audience|operator)\/(home|dashboard)$/, { timeout: 20_000 })
      .then(() => 'home' as const),
  ]).catch(() => 'home' as const);
  if (settled === 'step') await page.getByTestId('wallet-continue').click();
}

/** The wallet step's browser wallet: backup words, three of them asked back, passphrase. */
export async function createBrowserWallet(page: Page) {
  await page.getByTestId('wallet-choice-browser').click();
  const wordCells = page.locator('[data-testid="recovery-words"] [data-word-index]');
  await expect(wordCells).toHaveCount(12);
  const words = await wordCells.allTextContents();
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
}
