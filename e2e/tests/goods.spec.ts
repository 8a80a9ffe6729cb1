import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import {
  PHONE,
  STREAMER,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  shots,
} from '../support/e2e-helpers';

/**
 * Goods and campaigns end to end (embedded demo mode): the demo streamer signs in through the dev mailbox,
 * composes a prize image with two fonts in the editor, saves and publishes the goods, creates a campaign with
 * them, and a signed-out visitor opens the campaign's public page (and a crawler gets its OG tags).
 */
const DESKTOP = { width: 1280, height: 900 };

async function signInDemoStreamer(page: Page) {
  await page.goto('/signup/streamer');
  await page.getByLabel('メールアドレス').fill(STREAMER);
  await page.getByRole('button', { name: 'ログインリンクを送る' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(STREAMER);
  await page.getByRole('link', { name: '開発用メールボックスを開く' }).click();
  const mail = page.getByTestId('dev-mail').filter({ hasText: STREAMER }).first();
  await mail.getByRole('link', { name: 'ログインリンクを開く' }).click();
  // Signed in: either the wallet step (no wallet yet) or the streamer home.
  await expect(
    page
      .getByRole('heading', { level: 1, name: 'ウォレットを用意しましょう' })
      .or(page.getByTestId('account-menu'))
      .first(),
  ).toBeVisible({ timeout: 20_000 });
}

async function chooseFont(page: Page, label: RegExp) {
  await page.getByTestId('editor-font').click();
  await page.getByRole('option', { name: label }).click();
}

test('a streamer composes, publishes and offers digital goods; visitors see the campaign', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const stamp = Date.now().toString(36);
  const goodsName = `E2E 花火カード ${stamp}`;
  const campaignTitle = `E2E 春のキャンペーン ${stamp}`;
  await page.setViewportSize(DESKTOP);
  await signInDemoStreamer(page);

  // --- Compose the goods ---
  await page.goto('/streamer/editor/digitalgoods?new=1');
  await expect(page.getByRole('heading', { level: 1, name: 'デジタルグッズを作る' })).toBeVisible();
  await page.getByTestId('goods-name').fill(goodsName);
  await page.getByTestId('goods-supply').fill('50');
  // Unsaved changes: leaving asks first; staying keeps the form.
  await page.getByRole('link', { name: 'ホーム' }).first().click();
  await expect(page.getByText('保存されていないデータがあります。ページを離れますか？')).toBeVisible();
  await page.getByRole('button', { name: 'このページに留まる' }).click();
  await expect(page).toHaveURL(/\/streamer\/editor\/digitalgoods\?new=1$/);
  await expect(page.getByTestId('goods-name')).toHaveValue(goodsName);
  // A noisy base picture, so the composed PNG is larger than 262,144 bytes and goes through tus.
  const noisy = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(600, 600);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const v = Math.random() * 60;
      pixels.data[i] = 250 - v;
      pixels.data[i + 1] = 200 - v;
      pixels.data[i + 2] = 120 + v;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('editor-base').click();
  await (
    await chooser
  ).setFiles({ name: 'base.png', mimeType: 'image/png', buffer: Buffer.from(noisy, 'base64') });
  const tusRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads/tus')) tusRequests.push(`${r.method()} ${r.url()}`);
  });
  await page.getByTestId('editor-add-text').click();
  await page.getByTestId('editor-text').fill('ありがとう 花火');
  await chooseFont(page, /Noto Serif JP/);
  await page.getByLabel('縦位置（Y）').fill('380');
  await page.getByTestId('editor-add-text').click();
  await page.getByTestId('editor-text').fill('Thank you');
  await chooseFont(page, /Tangerine/);
  await page.getByLabel('大きさ（px）').fill('160');
  // Drag the second text a little with the mouse.
  const canvas = page.getByTestId('editor-canvas');
  const box = (await canvas.boundingBox())!;
  const scale = box.width / 1000;
  const yBefore = await page.getByLabel('縦位置（Y）').inputValue();
  await page.mouse.move(box.x + 500 * scale, box.y + Number(yBefore) * scale);
  await page.mouse.down();
  await page.mouse.move(box.x + 500 * scale, box.y + (Number(yBefore) + 80) * scale, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByLabel('縦位置（Y）')).not.toHaveValue(yBefore);
  // Both fonts are loaded (self-hosted) before drawing.
  const fontsLoaded = await page.evaluate(() => [
    document.fonts.check('96px "Noto Serif JP"', 'ありがとう 花火'),
    document.fonts.check('160px "Tangerine"', 'Thank you'),
  ]);
  expect(fontsLoaded).toEqual([true, true]);
  await shoot(page, 'goods-editor.png');
  await noSeriousAxeViolations(page, 'goods editor');
  await page.getByTestId('editor-export').click();
  await expect(page.getByTestId('goods-image-preview')).toBeVisible({ timeout: 30_000 });
  expect(tusRequests.some((line) => line.startsWith('POST '))).toBe(true);
  expect(tusRequests.some((line) => line.startsWith('PATCH '))).toBe(true);
  await page.getByTestId('goods-save').click();
  await expect(page).toHaveURL(/\/streamer\/editor\/digitalgoods$/);

  // --- Publish ---
  const card = page.getByTestId('goods-card').filter({ hasText: goodsName });
  await expect(card.getByTestId('goods-status')).toHaveText('下書き');
  await card.getByTestId('goods-publish').click();
  await page.getByRole('dialog').getByRole('button', { name: '公開する' }).click();
  await expect(card.getByTestId('goods-status')).toHaveText('公開済み');
  await shoot(page, 'goods-list.png');
  await noSeriousAxeViolations(page, 'goods list');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await page.setViewportSize(DESKTOP);

  // --- Campaign ---
  await page.goto('/streamer/editor/campaign?new=1');
  await expect(page.getByTestId('campaign-form')).toBeVisible();
  await page.getByTestId('campaign-title').fill(campaignTitle);
  await page.getByTestId('campaign-prize').click();
  await page.getByRole('option', { name: new RegExp(goodsName) }).click();
  await page.getByTestId('campaign-winners').fill('3');
  await page.getByTestId('campaign-keyword').fill('#hanabi');
  await shoot(page, 'campaign-form.png');
  await noSeriousAxeViolations(page, 'campaign form');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  // A time reads the page's way (Japanese here), not the browser's (en-US): decision 0206.
  const windowStart = page.getByRole('button', { name: '受付開始' });
  await windowStart.click();
  const picker = page.getByRole('dialog');
  await expect(picker.getByRole('button', { name: /^\d{4}年\d{1,2}月$/ })).toBeVisible();
  await picker
    .getByRole('button', { name: /年\d{1,2}月15日$/ })
    .first()
    .click();
  await noHorizontalOverflow(page);
  await expect(picker).toBeInViewport({ ratio: 1 });
  // The screen as the phone shows it (a full-page shot scrolls to the top, and the picker hides with its field).
  await page.screenshot({ path: path.join(shots, 'campaign-form-picker-phone.png') });
  await picker.getByRole('button', { name: '決定' }).click();
  await expect(windowStart).toHaveText(/^\d{4}\/\d{2}\/15 00:00$/);
  await noHorizontalOverflow(page);
  await shoot(page, 'campaign-form-phone.png');
  // Cleared again: the campaign takes entries for its whole period, as the rest of this journey expects.
  await page.getByRole('button', { name: '日時を消す' }).click();
  await expect(windowStart).toHaveText('');
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('campaign-publish').click();
  await expect(page).toHaveURL(/\/streamer\/editor\/campaign\/[^/?]+$/, { timeout: 15_000 });
  const id = decodeURIComponent(page.url().split('/').pop() ?? '');
  // No start chosen: it starts when published (decision 0070).
  await expect(page.getByTestId('campaign-status').first()).toHaveText('開催中');

  // --- Public page, signed out ---
  const visitor = await browser.newContext({ viewport: PHONE });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/campaign/${id}`);
  await expect(publicPage.getByTestId('prize-name')).toHaveText(goodsName);
  await expect(publicPage.getByRole('heading', { level: 1, name: campaignTitle })).toBeVisible();
  await expect(publicPage.getByTestId('entry-rule')).toContainText(
    '配信のチャットで「#hanabi」とコメントすると応募できます（1人1回）',
  );
  await expect(publicPage.getByTestId('prize-image')).toBeVisible();
  await noHorizontalOverflow(publicPage);
  await shoot(publicPage, 'campaign-public-phone.png');
  await noSeriousAxeViolations(publicPage, 'public campaign page');
  await publicPage.setViewportSize(DESKTOP);
  await shoot(publicPage, 'campaign-public.png');
  // The same page in English.
  await publicPage.evaluate(() => localStorage.setItem('hanabi.locale', 'en'));
  await publicPage.reload();
  await expect(publicPage.getByTestId('entry-rule')).toContainText(
    'Comment “#hanabi” in the stream chat to enter (once per person)',
  );
  await expect(publicPage.getByText('Prize', { exact: true })).toBeVisible();
  await visitor.close();

  // --- Streamer home ---
  await page.goto('/streamer/home');
  await expect(page.getByRole('heading', { level: 2, name: '対応が必要なこと' })).toBeVisible();
  await expect(page.getByRole('link', { name: campaignTitle, exact: true })).toBeVisible();
  await shoot(page, 'streamer-home.png');
  await noSeriousAxeViolations(page, 'streamer home');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'streamer-home-phone.png');

  // --- Crawler: Open Graph tags ---
  const crawl = await request.get(`/campaign/${id}?crawler=true`);
  expect(crawl.status()).toBe(200);
  const html = await crawl.text();
  expect(html).toMatch(/<meta[^>]+property="og:title"[^>]+>/);
  expect(html).toContain(campaignTitle);

  expect(problems).toEqual([]);
});
