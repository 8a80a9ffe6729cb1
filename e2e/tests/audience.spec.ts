import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * The audience side end to end (embedded demo mode): the demo viewer finds a campaign and watches it while the
 * demo streamer, in another browser, sees `watchlistIncreased` arrive live on the bell; the viewer follows the
 * streamer, likes one of their tokens and reads all notifications.
 */
const shots = path.join(import.meta.dirname, '..', 'test-results', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const VIEWER = 'audience@demo.hanabi.local';
const STREAMER = 'streamer@demo.hanabi.local';
const HOUR = 60 * 60 * 1000;

async function signIn(page: Page, email: string, type: 'streamer' | 'audience') {
  await page.goto(`/signup/${type}`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: 'ログインリンクを送る' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  await page.getByRole('link', { name: '開発用メールボックスを開く' }).click();
  const mail = page.getByTestId('dev-mail').filter({ hasText: email }).first();
  await mail.getByRole('link', { name: 'ログインリンクを開く' }).click();
  await expect(
    page
      .getByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })
      .or(page.getByTestId('account-menu'))
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await page.request.get('/api/myAccountBase')).status(), { timeout: 20_000 })
    .toBe(200);
}

/** A same-origin write with the session cookie, as the web app makes it (XSRF double submit). */
async function post(context: BrowserContext, page: Page, url: string, data: unknown) {
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(url, {
    data,
    headers: { 'x-xsrf-token': xsrf, origin: new URL(page.url()).origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a viewer finds and watches a campaign (the streamer sees it live), follows, likes and reads all', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const title = `E2E ウォッチ ${stamp}`;

  // --- The streamer, in their own browser: a fresh campaign, then the home page with the bell ---
  const streamerContext = await browser.newContext({ viewport: DESKTOP });
  const streamerPage = await streamerContext.newPage();
  await signIn(streamerPage, STREAMER, 'streamer');
  const goods = (await (await streamerPage.request.get('/api/digitalgoods?limit=100')).json()) as {
    list: { id: string; status: string; name: string }[];
  };
  const prize = goods.list.find((item) => item.status === 'published')!;
  await post(streamerContext, streamerPage, '/api/campaign', {
    title,
    status: 'scheduled',
    startsAt: new Date(Date.now() + HOUR).toISOString(),
    endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    platforms: ['youtube'],
    prize: { digitalGoodsId: prize.id, copiesPerWinner: 1 },
    winnerCount: 1,
  });
  await streamerPage.goto('/streamer/home');
  const streamerBell = streamerPage.getByTestId('notification-count');
  await expect(streamerBell).toHaveAttribute('data-loaded', 'true');
  const before = Number(await streamerBell.getAttribute('data-count'));

  // --- The viewer finds the campaign and watches it ---
  const viewerContext = await browser.newContext({ viewport: DESKTOP });
  const page = await viewerContext.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, VIEWER, 'audience');
  await page.goto('/audience/campaign');
  await expect(page.getByRole('heading', { level: 1, name: 'キャンペーン' })).toBeVisible();
  await page.getByTestId('campaign-search').fill(stamp);
  const card = page.getByTestId('campaign-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await card.getByRole('button', { name: `ウォッチする（「${title}」）` }).click();
  await expect(card.getByRole('button', { name: `ウォッチ中（「${title}」）` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: path.join(shots, 'audience-campaigns-desktop.png'), fullPage: true });

  // The streamer's bell counts it without a reload, and the panel names the campaign.
  await expect(streamerBell).toHaveAttribute('data-count', String(before + 1), { timeout: 15_000 });
  await streamerPage.getByTestId('notification-bell').click();
  const newest = streamerPage.getByTestId('notification-item').first();
  await expect(newest).toHaveAttribute('data-type', 'watchlistIncreased');
  await expect(newest).toContainText(title);
  await streamerContext.close();

  // --- Follow the streamer from the campaign page ---
  await card.getByTestId('campaign-card-title').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByTestId('streamer-name').click();
  await expect(page.getByTestId('streamer-profile')).toBeVisible();
  const follow = page.getByTestId('follow-button');
  if ((await follow.getAttribute('aria-pressed')) === 'true') {
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
  }
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText('フォロー中');

  // --- Like one of their tokens ---
  await page.getByRole('link', { name: prize.name }).first().click();
  await expect(page.getByTestId('collection-detail')).toBeVisible();
  const like = page.getByTestId('like-button');
  await expect(like).toBeEnabled();
  if ((await like.getAttribute('aria-pressed')) === 'true') {
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  }
  const likes = Number(await like.textContent());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(String(likes + 1));
  await page.screenshot({ path: path.join(shots, 'audience-token-desktop.png'), fullPage: true });

  // --- Read all notifications (watchlistRegistered is among them) ---
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: title }).first()).toBeVisible();
  await page.getByTestId('notifications-read-all').click();
  await expect(page.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('notification-count')).toHaveAttribute('data-count', '0');
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(shots, 'audience-notifications-phone.png') });
  await page.keyboard.press('Escape');

  // --- The pages fit a phone ---
  await page.setViewportSize(PHONE);
  for (const [url, name] of [
    ['/audience/home', 'audience-home'],
    ['/audience/campaign', 'audience-campaigns'],
    ['/audience/streamer', 'audience-streamers'],
    ['/audience/collection', 'audience-collection'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: path.join(shots, `${name}-phone.png`), fullPage: true });
  }
  // --- The watchlist, reached from the app's root by clicking through the phone menu ---
  await page.goto('/');
  await page.getByTestId('choose-audience').click();
  await page.getByRole('link', { name: 'ホームへ進む' }).click();
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  await page.getByRole('link', { name: 'ウォッチリスト' }).click();
  await expect(page).toHaveURL(/\/audience\/watchlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ウォッチリスト' })).toBeVisible();
  await expect(page.getByTestId('watchlist').getByText(title)).toBeVisible();
  await noHorizontalOverflow(page);
  await page.screenshot({ path: path.join(shots, 'audience-watchlist-phone.png'), fullPage: true });
  expect(problems).toEqual([]);
  await viewerContext.close();
});
