import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  AUDIENCE,
  DESKTOP,
  OPERATOR,
  bothSizes,
  noSeriousAxeViolations,
  signIn,
} from '../support/e2e-helpers';

/**
 * The operator area end to end on the built app (demo seed): the demo operator opens the dashboard, filters a
 * range, exports the figures as CSV, finds a user, posts news in Japanese and English, and the demo audience
 * member sees the news on their home page.
 */
test('the operator filters the dashboard, exports it, finds a user and posts news the audience sees', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const title = `メンテナンスのお知らせ ${stamp}`;

  await signIn(page, 'streamer', OPERATOR);

  // --- Dashboard: a range of the last 7 days by week ---
  await page.goto('/operator/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
  const [from, to] = await page.evaluate(() => {
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const today = new Date();
    return [day(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)), day(today)];
  });
  await page.getByTestId('range-from').fill(from!);
  await page.getByTestId('range-to').fill(to!);
  // The segmented control's radios are visually hidden; its labels take the click.
  await page.getByText('週', { exact: true }).click();
  await page.getByTestId('range-apply').click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}&interval=week`));
  // The demo seed signed up three people today.
  await expect
    .poll(async () =>
      Number((await page.getByTestId('total-signups-value').textContent())?.replace(/,/g, '')),
    )
    .toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('chart-signups')).toBeVisible();
  // The live figures are computed now (comments per platform, the entry funnel, YouTube quota).
  await expect(page.getByText('取り込んだコメント（プラットフォーム別）')).toBeVisible();
  await expect(page.getByText('参加者 → 抽選対象 → 当選 → 保留 → 配布（期間合計）')).toBeVisible();
  // One time zone per chart, stated on it: the browser's for the bucketed ones, Pacific quota days for quota.
  await expect(page.getByTestId('chart-campaigns-zone')).toContainText('週（月曜始まり）ごと');
  await expect(page.getByTestId('chart-quota-zone')).toContainText('太平洋時間');
  // The campaign card and its chart agree: the card's split by status adds up to it.
  const campaignsCard = await page.getByTestId('total-campaigns').textContent();
  const [, live, scheduled, ended] = campaignsCard!.match(/開催中 (\d+) ・ 開催予定 (\d+) ・ 終了 (\d+)/)!;
  expect(Number(live) + Number(scheduled) + Number(ended)).toBe(
    Number(await page.getByTestId('total-campaigns-value').textContent()),
  );

  // The weekly figures replace the previous ones (shown dimmed, export disabled) once they arrive.
  await expect(page.getByTestId('dashboard')).toHaveCSS('opacity', '1');
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^hanabi-dashboard-.*-week\.csv$/);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'bucket,signUpsStreamer,signUpsAudience,activeCampaigns,deliveriesQueued,deliveriesSubmitted,deliveriesConfirmed,deliveriesFailed,deliveriesCancelled,gasUsed,heldClaimsCreated,heldClaimsReleased,youtubeComments,youtubeEntrants,youtubeEligible,youtubeWinners,youtubeHeld,youtubeDelivered,twitcastingComments,twitcastingEntrants,twitcastingEligible,twitcastingWinners,twitcastingHeld,twitcastingDelivered,youtubeQuotaUsed',
  );
  expect(csv).toContain('\r\ntotal,');
  await noSeriousAxeViolations(page, '/operator/dashboard');
  await bothSizes(page, 'operator-dashboard');

  // --- Users: find the demo audience member and open them ---
  await page.goto('/operator/users');
  await page.getByLabel('検索').fill('audience@demo');
  const row = page.getByTestId('admin-user-row');
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await noSeriousAxeViolations(page, '/operator/users');
  await bothSizes(page, 'operator-users');
  await row.click();
  await expect(page.getByRole('button', { name: '利用を停止する' })).toBeVisible();
  await noSeriousAxeViolations(page, '/operator/users/:id');
  await bothSizes(page, 'operator-user-detail');

  // --- News desk: write in both languages, preview, publish now ---
  await page.goto('/operator/news');
  await page.getByLabel(/タイトル（日本語）/).fill(title);
  await page
    .getByLabel(/本文（日本語）/)
    .fill('今夜 2 時から **30 分ほど**停止します。詳しくは https://example.com/status をご覧ください。');
  await page.getByLabel('タイトル（英語・任意）').fill(`Maintenance ${stamp}`);
  await page.getByLabel('本文（英語・任意）').fill('Hanabi stops for 30 minutes from 2 am.');
  await page.getByRole('tab', { name: 'プレビュー' }).click();
  await expect(page.getByTestId('news-preview')).toContainText(title);
  await page.getByRole('tab', { name: 'お知らせを書く' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  // A new post says "posted" (an edit says "updated"), in a toast below the header, never over its menu.
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: '投稿しました' });
  await expect(toast).toBeVisible();
  const header = await page.locator('header').boundingBox();
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  const posted = page.getByTestId('news-desk-item').filter({ hasText: title });
  await expect(posted).toContainText('公開中');
  await noSeriousAxeViolations(page, '/operator/news');
  await bothSizes(page, 'operator-news');

  // --- The system check (the doctor's report) is in the menu and fits a phone ---
  await page.getByRole('link', { name: 'システム診断' }).click();
  await expect(page).toHaveURL(/\/operator\/system$/);
  await expect(page.getByTestId('doctor-summary')).toContainText('必須の項目はすべて正常です。');
  await expect(page.getByTestId('doctor-check-config')).toHaveAttribute('data-status', 'ok');
  // Beside it, what runs out: the embedded signer's funds (anvil's 10,000 coins, nothing to warn of) and today's
  // YouTube quota.
  const funds = page.getByTestId('signer-funds');
  await expect(funds.getByTestId('signer-funds-balance')).toHaveText(/^[\d,.]+$/);
  await expect(funds.getByTestId('signer-funds-covers')).toContainText(/配布 約|ガス代がかかりません/);
  await expect(funds.getByTestId('signer-funds-warning')).toHaveCount(0);
  await expect(page.getByTestId('project-quota')).toContainText('/ 10,000');
  // The news step's toast may still be fading out: axe measures a fading toast's contrast mid-way (seen under load).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await noSeriousAxeViolations(page, '/operator/system');
  await bothSizes(page, 'operator-system');

  // The warning state, which the embedded signer never reaches: the page and the dashboard drawn from a signer two
  // weeks of spending from empty (the server's side of it is signer-funds.int.test.ts), accessible at both widths.
  const ether = 10n ** 18n;
  const now = Date.now();
  await page.route('**/api/admin/signer/funds', (route) =>
    route.fulfill({
      json: {
        chainId: 137,
        signer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        current: {
          balanceWei: (9_999n * ether).toString(),
          gasPriceWei: '30000000000',
          covers: { deliveries: 11645, draws: 3967 },
        },
        spendPerDayWei: (1_500n * ether).toString(),
        runsOutAt: new Date(now + 6.6 * 86_400_000).toISOString(),
        warning: 'soon',
        samples: Array.from({ length: 336 }, (_, index) => ({
          at: new Date(now - (336 - index) * 3_600_000).toISOString(),
          balanceWei: (BigInt(9_999 + Math.round((1_500 * (336 - index)) / 24)) * ether).toString(),
        })),
      },
    }),
  );
  await page.reload();
  await expect(page.getByTestId('signer-funds-warning')).toContainText('1 週間以内に尽きる見込み');
  await expect(page.getByTestId('signer-funds').locator('.recharts-line')).toBeVisible();
  await noSeriousAxeViolations(page, '/operator/system (warning)');
  await bothSizes(page, 'operator-system-warning');
  await page.getByRole('link', { name: 'ダッシュボード' }).click();
  await page.getByRole('link', { name: 'システム診断で残高を見る' }).click();
  await expect(page).toHaveURL(/\/operator\/system$/);
  await page.unroute('**/api/admin/signer/funds');

  // --- The audience member sees it on their home page ---
  await signIn(page, 'audience', AUDIENCE);
  const section = page.getByTestId('news-section');
  const item = section.getByTestId('news-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  // The body is Markdown: bold, and the bare URL a link.
  await expect(item.locator('strong')).toHaveText('30 分ほど');
  await expect(item.getByRole('link', { name: 'https://example.com/status' })).toHaveAttribute(
    'href',
    'https://example.com/status',
  );
  await bothSizes(page, 'audience-home-news');

  // And a non-operator is told the operator area is not theirs.
  await page.goto('/operator/dashboard');
  await expect(page.getByText('運営者専用のページです')).toBeVisible();
  expect((await page.request.get('/api/admin/user')).status()).toBe(403);
  expect(problems).toEqual([]);
});
