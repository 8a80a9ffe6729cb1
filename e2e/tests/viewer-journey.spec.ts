import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DESKTOP,
  PASSPHRASE,
  PHONE,
  STREAMER,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  shots,
  signIn,
} from '../support/e2e-helpers';

/**
 * A viewer learns they won and gets the prize, in their language (issue 15), on the built app offline: a new
 * viewer picks English before signing up (phone width), comments in the sandbox YouTube chat; the streamer
 * draws and distributes (the viewer's prize is held: their chat identity is not linked yet); the viewer opens
 * the campaign page from the app's root, sees they won and that the prize is held, links their YouTube account
 * from there, and sees the prize delivered — on the page, in the collection, and in an English notification.
 * A second visitor reading Japanese sees the same results in Japanese.
 */
const KEYWORD = 'fireworks';
const VIEWER_CHAT_NAME = 'Viewer Mio';
const OTHER_CHAT_NAME = 'Chatter Kai';

/** Copies a screenshot to /work/shots/viewer too when that folder exists (the reviewer looks there). */
async function shot(page: Page, name: string) {
  await shoot(page, name);
  const extra = '/work/shots/viewer';
  if (fs.existsSync(extra)) fs.copyFileSync(path.join(shots, name), path.join(extra, name));
}

async function sandboxYoutubeAccount(request: APIRequestContext, name: string) {
  const state = (await (await request.get('/sandbox/api/state')).json()) as {
    accounts: { platform: string; id: string; name: string }[];
  };
  const account = state.accounts.find((item) => item.platform === 'youtube' && item.name === name);
  if (!account) throw new Error(`no sandbox account ${name}`);
  return account;
}

/** A call as the page's signed-in user (cookie session + the XSRF header the SPA sends). */
async function callAs(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.fetch(url, { method, data, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** Sign-up of a new viewer through the e-mail link, all in English, ending with a browser wallet. */
async function signUpInEnglish(page: Page, email: string) {
  await page.goto('/signup/audience');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  await page.getByRole('link', { name: 'Open the dev mailbox' }).click();
  const mail = page.getByTestId('dev-mail').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: 'Open the sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your wallet' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByTestId('wallet-choice-browser').click();
  const wordCells = page.locator('[data-testid="recovery-words"] [data-word-index]');
  await expect(wordCells).toHaveCount(12);
  const words = await wordCells.allTextContents();
  await page.getByLabel(/I wrote down the 12 words/).check();
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
  await expect(page).toHaveURL(/\/audience\/home$/, { timeout: 30_000 });
}

test('a viewer comments, is drawn, sees the held prize on the campaign page, links YouTube and receives it; a Japanese reader sees the same results', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`streamer: ${error.message}`));
  await page.setViewportSize(DESKTOP);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  // --- The viewer chooses English before signing up (phone width) ---
  const viewerContext = await browser.newContext({ viewport: PHONE });
  const viewer = await viewerContext.newPage();
  viewer.on('pageerror', (error) => problems.push(`viewer: ${error.message}`));
  await viewer.goto('/');
  await viewer.getByRole('button', { name: /日本語/ }).click();
  await viewer.getByRole('menuitem', { name: 'English' }).click();
  await expect(viewer.locator('html')).toHaveAttribute('lang', 'en');
  await signUpInEnglish(viewer, `viewer-${stamp}@example.com`);
  const me = (await (await viewer.request.get('/api/myAccountBase')).json()) as { locale: string };
  expect(me.locale, 'the account speaks the language chosen before sign-up').toBe('en');

  // --- The streamer opens a campaign of their own on YouTube and starts reading the sandbox chat ---
  await signIn(page, 'streamer', STREAMER);
  const live = (await (
    await page.request.get('/api/campaign?type=streamer&status=live&limit=50')
  ).json()) as { list: { prize: { digitalGoodsId: string } }[] };
  const goodsId = live.list[0]!.prize.digitalGoodsId;
  const title = `Fireworks night ${stamp}`;
  const created = await callAs(page, 'POST', '/api/campaign', {
    title,
    status: 'scheduled',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    // Ends soonest of all, so the audience home's "Open campaigns" shows it first.
    endsAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    platforms: ['youtube'],
    prize: { digitalGoodsId: goodsId, copiesPerWinner: 1 },
    winnerCount: 2,
    entryRule: { keyword: KEYWORD },
  });
  const campaignId = String(created.id);
  const roomPath = `/streamer/liveStreaming/${campaignId}`;
  await page.goto(roomPath);
  const youtubeCard = page.getByTestId('platform-youtube');
  const connect = youtubeCard.getByRole('button', { name: 'YouTube を連携する' });
  const start = youtubeCard.getByRole('button', { name: 'コメントの読み取りを開始' });
  await expect(connect.or(start)).toBeVisible();
  if (await connect.isVisible()) {
    // First run on this server: connect the channel through the sandbox consent page.
    await connect.click();
    await page.getByRole('link', { name: 'Allow as Hanabi Streamer' }).click();
    await expect(page).toHaveURL(new RegExp(`${roomPath}$`));
  }
  const streamerChannel = await sandboxYoutubeAccount(request, 'Hanabi Streamer');
  const active = (await (await request.get('/sandbox/api/state')).json()) as {
    streams: { id: string; platform: string; ownerId: string; endedAt: string | null }[];
  };
  let streamId = active.streams.find(
    (s) => s.platform === 'youtube' && s.ownerId === streamerChannel.id && !s.endedAt,
  )?.id;
  if (!streamId) {
    const started = await request.post('/sandbox/api/streams', {
      data: { platform: 'youtube', ownerId: streamerChannel.id, title: 'Fireworks live' },
    });
    expect(started.status()).toBe(201);
    streamId = ((await started.json()) as { id: string }).id;
  }
  await start.click();
  await expect(youtubeCard.getByTestId('stream-status')).toHaveText('読み取り中');

  // --- The viewer (and another chatter) comment in the sandbox chat ---
  const mio = await sandboxYoutubeAccount(request, VIEWER_CHAT_NAME);
  for (const message of [
    { authorId: mio.id, text: `${KEYWORD}! so pretty` },
    { authorName: OTHER_CHAT_NAME, text: `${KEYWORD} ${KEYWORD}` },
  ]) {
    const answer = await request.post(`/sandbox/api/streams/${streamId}/messages`, { data: message });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  await expect(page.getByTestId('entrant-count')).toContainText('2', { timeout: 60_000 });

  // --- The streamer draws both and hands them to delivery: both prizes are held (nobody linked) ---
  await page.getByLabel('当選者数').fill('2');
  await page.getByRole('button', { name: '2 名を抽選' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '抽選する' }).click();
  await expect(page.getByTestId('winner-row')).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('button', { name: 'YouTube の当選者に配布' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '配布する' }).click();
  await expect(page.getByText('YouTube の当選者に配布しました（配送 0 件、保留 2 件）')).toBeVisible();
  await expect(page.getByTestId('distribution-youtube')).toHaveText('YouTube の配布：連携待ちで保留 2 件');
  // The announcement the streamer pastes into the chat: the winners and the results link, ja or en.
  const announcement = page.getByTestId('results-announcement');
  await expect(announcement).toHaveValue(
    new RegExp(`当選者は .*${VIEWER_CHAT_NAME}.*/campaign/${campaignId}$`),
  );
  await page.locator('.mantine-SegmentedControl-label', { hasText: 'English' }).click();
  await expect(announcement).toHaveValue(
    new RegExp(`^🎉 The winners of “${title}” are .*/campaign/${campaignId}$`),
  );
  await announcement.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'viewer-live-announcement.png') });
  if (fs.existsSync('/work/shots/viewer'))
    fs.copyFileSync(
      path.join(shots, 'viewer-live-announcement.png'),
      '/work/shots/viewer/viewer-live-announcement.png',
    );

  // --- The viewer finds the campaign from the app's root and sees the win and the held prize ---
  await viewer.goto('/');
  await viewer.getByTestId('choose-audience').click();
  await viewer.getByRole('link', { name: 'Go to home' }).click();
  await viewer.getByTestId('campaign-card-title').filter({ hasText: title }).first().click();
  await expect(viewer).toHaveURL(new RegExp(`/campaign/${campaignId}$`));
  const results = viewer.getByTestId('results');
  await expect(results.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(results.getByTestId('result-draw')).toHaveCount(1);
  await expect(results.getByText('Draw 1', { exact: true })).toBeVisible();
  await expect(results.getByText(/2 entrants · 2 winners/)).toBeVisible();
  const mine = results.getByTestId('result-winner').filter({ hasText: VIEWER_CHAT_NAME });
  await expect(mine.getByTestId('result-held')).toHaveText('Prize held');
  const claim = mine.getByRole('button', { name: 'Is this you? Link your YouTube account to receive it' });
  await expect(claim).toBeVisible();
  await expect(results.getByTestId('result-proof')).toHaveAttribute('href', /^\/draw\/[^/]+$/);
  await noHorizontalOverflow(viewer);
  await noSeriousAxeViolations(viewer, 'campaign results (held)');
  await shot(viewer, 'viewer-results-held-en-phone.png');

  // --- Linking the YouTube account from the page releases the prize, which arrives on chain ---
  await claim.click();
  await expect(viewer.getByText('Sign in to YouTube (Google)')).toBeVisible();
  await viewer.getByRole('link', { name: `Allow as ${VIEWER_CHAT_NAME}` }).click();
  await expect(viewer).toHaveURL(new RegExp(`/campaign/${campaignId}$`));
  await expect(viewer.getByText('YouTube is now linked')).toBeVisible();
  const myWin = viewer.getByTestId('my-win');
  await expect(myWin).toContainText('Congratulations! You won');
  await expect(mine.getByTestId('result-you')).toHaveText('You');
  await expect(myWin.getByTestId('my-win-status')).toHaveText('Delivered', { timeout: 120_000 });
  await expect(myWin).toContainText('Your prize has arrived.');
  await noSeriousAxeViolations(viewer, 'campaign results (delivered)');
  await shot(viewer, 'viewer-results-delivered-en-phone.png');

  // --- The collection has it, and the notification says so in English ---
  await myWin.getByRole('link', { name: 'See it in your collection' }).click();
  await expect(viewer).toHaveURL(/\/audience\/collection$/);
  const item = viewer.getByTestId('collection-item').filter({ hasText: title });
  await expect(item.getByTestId('collection-state')).toHaveText('Received');
  await shot(viewer, 'viewer-collection-en-phone.png');
  await viewer.getByTestId('notification-bell').click();
  await expect(
    viewer
      .getByTestId('notification-item')
      .filter({ hasText: /^You received “/ })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await shot(viewer, 'viewer-notification-en-phone.png');

  // --- A second reader, in Japanese, sees the same results in Japanese ---
  const jaContext = await browser.newContext({ viewport: PHONE });
  const reader = await jaContext.newPage();
  reader.on('pageerror', (error) => problems.push(`reader: ${error.message}`));
  await reader.goto(`/campaign/${campaignId}`);
  const jaResults = reader.getByTestId('results');
  await expect(jaResults.getByRole('heading', { name: '抽選結果' })).toBeVisible();
  await expect(jaResults.getByText('第 1 回の抽選')).toBeVisible();
  await expect(jaResults.getByText(/参加者 2 人 · 当選 2 名/)).toBeVisible();
  await expect(jaResults.getByTestId('result-winner')).toHaveText([
    new RegExp(`${VIEWER_CHAT_NAME}|${OTHER_CHAT_NAME}`),
    new RegExp(`${VIEWER_CHAT_NAME}|${OTHER_CHAT_NAME}`),
  ]);
  const other = jaResults.getByTestId('result-winner').filter({ hasText: OTHER_CHAT_NAME });
  await expect(other.getByTestId('result-held')).toHaveText('受け取り待ち');
  await expect(
    jaResults.getByTestId('result-winner').filter({ hasText: VIEWER_CHAT_NAME }).getByTestId('result-held'),
  ).toHaveCount(0);
  await expect(jaResults.getByRole('link', { name: '証明を見る' })).toBeVisible();
  await noHorizontalOverflow(reader);
  await noSeriousAxeViolations(reader, 'campaign results (ja)');
  await shot(reader, 'viewer-results-ja-phone.png');
  await reader.setViewportSize(DESKTOP);
  await shot(reader, 'viewer-results-ja-desktop.png');
  await jaContext.close();
  await viewerContext.close();

  expect(problems).toEqual([]);
});
