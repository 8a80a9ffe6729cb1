import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  AUDIENCE,
  DESKTOP,
  PHONE,
  STREAMER,
  bothSizes,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  signIn,
} from '../support/e2e-helpers';

/**
 * The live loop end to end on the built app, offline (embedded sandbox YouTube, embedded chain): the demo
 * streamer connects their channel through the sandbox consent page and starts reading chat; the demo viewer
 * links the channel they comment with; 50 fake viewers comment (3 with the keyword — one of them twice — a
 * moderator with the keyword, the rest without); the streamer draws 3 winners, the public proof page verifies
 * the draw in the browser, the prizes are distributed: the linked viewer's arrives in their collection, the two
 * who never linked are held. The OBS overlay shows the verified winners.
 */
const KEYWORD = '花火';

interface SandboxAccount {
  platform: string;
  id: string;
  name: string;
}

async function sandboxAccount(request: APIRequestContext, name: string): Promise<SandboxAccount> {
  const state = (await (await request.get('/sandbox/api/state')).json()) as { accounts: SandboxAccount[] };
  const account = state.accounts.find((item) => item.platform === 'youtube' && item.name === name);
  if (!account) throw new Error(`no sandbox account ${name}`);
  return account;
}

async function post(
  request: APIRequestContext,
  streamId: string,
  message: { authorId?: string; authorName?: string; text: string; moderator?: boolean },
) {
  const answer = await request.post(`/sandbox/api/streams/${streamId}/messages`, { data: message });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** The sandbox consent page: "Allow as <fake account>". */
async function allowAs(page: Page, name: string) {
  await expect(page.getByText('Sign in to YouTube (Google)')).toBeVisible();
  await page.getByRole('link', { name: `Allow as ${name}` }).click();
}

test('a live stream: chat entries, a verifiable draw of 3, prizes delivered to the linked winner and held for the others', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize(DESKTOP);

  // The demo streamer's live campaign on YouTube (keyword 花火).
  await signIn(page, 'streamer', STREAMER);
  const campaigns = (await (
    await page.request.get('/api/campaign?type=streamer&status=live&limit=50')
  ).json()) as { list: { id: string; title: string; platforms: string[]; entryRule: { keyword: string } }[] };
  const campaign = campaigns.list.find(
    (item) => item.platforms.includes('youtube') && item.entryRule.keyword === KEYWORD,
  );
  expect(campaign, 'the demo seed has a live YouTube campaign').toBeTruthy();
  const roomPath = `/streamer/liveStreaming/${campaign!.id}`;

  // Connect the channel the streamer broadcasts on (sandbox consent page), then go live on the sandbox.
  await page.goto(roomPath);
  await expect(page.getByTestId('live-campaign-title')).toHaveText(campaign!.title);
  const youtubeCard = page.getByTestId('platform-youtube');
  await youtubeCard.getByRole('button', { name: 'YouTube を連携する' }).click();
  await allowAs(page, 'Hanabi Streamer');
  await expect(page).toHaveURL(new RegExp(`${roomPath}$`));
  const streamerChannel = await sandboxAccount(request, 'Hanabi Streamer');
  const started = await request.post('/sandbox/api/streams', {
    data: { platform: 'youtube', ownerId: streamerChannel.id, title: '花火大会 生配信' },
  });
  expect(started.status()).toBe(201);
  const stream = (await started.json()) as { id: string };
  await youtubeCard.getByRole('button', { name: 'コメントの読み取りを開始' }).click();
  await expect(youtubeCard.getByTestId('stream-status')).toHaveText('読み取り中');

  // The demo viewer links the YouTube channel they comment with.
  const viewerContext = await browser.newContext({ viewport: DESKTOP });
  const viewer = await viewerContext.newPage();
  viewer.on('pageerror', (error) => problems.push(`viewer: ${error.message}`));
  await signIn(viewer, 'audience', AUDIENCE);
  await viewer.goto('/audience/account');
  const linked = viewer.getByTestId('linked-youtube');
  await linked.getByRole('button', { name: 'YouTube を連携する' }).click();
  await allowAs(viewer, 'Viewer Aoi');
  await expect(viewer).toHaveURL(/\/audience\/account$/);
  await expect(viewer.getByTestId('linked-youtube')).toContainText('Viewer Aoi');
  await shoot(viewer, 'live-account-linked.png');

  // 50 viewers: Aoi (linked) twice with the keyword, Ren and Kai (not linked) with it, a moderator with it,
  // and 46 others chatting without it.
  const aoi = await sandboxAccount(request, 'Viewer Aoi');
  await post(request, stream.id, { authorId: aoi.id, text: `${KEYWORD}きれい！` });
  await post(request, stream.id, { authorId: aoi.id, text: `もう一回 ${KEYWORD}` });
  await post(request, stream.id, { authorName: 'Viewer Ren', text: `${KEYWORD}！` });
  await post(request, stream.id, { authorName: 'Viewer Kai', text: `${KEYWORD}最高` });
  await post(request, stream.id, {
    authorName: 'Mod Kenta',
    text: `${KEYWORD}（モデレーター）`,
    moderator: true,
  });
  for (let i = 1; i <= 46; i += 1) {
    await post(request, stream.id, { authorName: `Chatter ${i}`, text: `こんばんは ${i}` });
  }

  // Comments arrive live; three distinct people entered (the moderator does not count, Aoi counts once).
  await expect(youtubeCard.getByTestId('stream-comments')).toHaveText('51', { timeout: 60_000 });
  await expect(page.getByTestId('entrant-count')).toContainText('3');
  await expect(page.getByTestId('live-comment').first()).toBeVisible();
  // Read through the streamed endpoint: a late comment arrives while the connection is open.
  // (Ren again: still three people, so the draw below stays three of three.)
  await post(request, stream.id, { authorName: 'Viewer Ren', text: `${KEYWORD}もう一回` });
  await expect(youtubeCard.getByTestId('stream-comments')).toHaveText('52', { timeout: 10_000 });
  await expect(page.getByTestId('entrant-count')).toContainText('3');
  // The project's YouTube quota left today, shared by every stream, and whether it lasts the day.
  const quota = youtubeCard.getByTestId('youtube-quota');
  await expect(quota).toContainText('本日の YouTube API 残り');
  await expect(quota).toContainText('ユニット（全配信共通）');
  await noSeriousAxeViolations(page, 'live control room');
  await shoot(page, 'live-control-room.png');

  // Draw 3: commitment, frozen entrants, the chain's next block as the beacon, reveal.
  await page.getByLabel('当選者数').fill('3');
  await page.getByRole('button', { name: '3 名を抽選' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '抽選する' }).click();
  const winners = page.getByTestId('winner-row');
  await expect(winners).toHaveCount(3, { timeout: 30_000 });
  for (const name of ['Viewer Aoi', 'Viewer Ren', 'Viewer Kai']) {
    await expect(page.getByTestId('winners-table')).toContainText(name);
  }
  await expect(page.getByTestId('winners-table')).not.toContainText('Mod Kenta');
  await shoot(page, 'live-winners.png');

  // The public proof page recomputes the draw in the browser, signed out: on the embedded chain's block hash it is a
  // practice draw (decision 0199), never shown as verified.
  const proofHref = await page.getByRole('link', { name: '証明を見る' }).first().getAttribute('href');
  expect(proofHref).toMatch(/^\/draw\/[^/]+$/);
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const proof = await visitor.newPage();
  proof.on('pageerror', (error) => problems.push(`proof: ${error.message}`));
  await proof.goto(proofHref!);
  await expect(proof.getByTestId('verdict')).toHaveAttribute('data-verdict', 'practice', { timeout: 30_000 });
  await expect(proof.getByText(/^練習用の抽選：公開された値から再計算はできますが/)).toBeVisible();
  await expect(proof.getByText('参加者 3 人', { exact: true })).toBeVisible();
  await noSeriousAxeViolations(proof, 'draw proof');
  await bothSizes(proof, 'live-draw-proof');

  // The OBS overlay (public, transparent) shows the verified winners.
  await proof.goto(`/overlay/${campaign!.id}`);
  await expect(proof.getByTestId('overlay-winner')).toHaveCount(3, { timeout: 20_000 });
  await expect(proof.getByTestId('overlay-proof-url')).toContainText(proofHref!);
  await shoot(proof, 'live-overlay.png');
  await visitor.close();

  // Distribute: the linked viewer (who has a wallet) gets a delivery, Ren and Kai are held until they link.
  await page.getByRole('button', { name: 'YouTube の当選者に配布' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '配布する' }).click();
  await expect(page.getByText('YouTube の当選者に配布しました（配送 1 件、保留 2 件）')).toBeVisible();
  await expect
    .poll(
      async () => {
        const result = (await (
          await page.request.get(`/api/liveStreaming/${campaign!.id}/result`)
        ).json()) as {
          winners: { displayName: string; status: string }[];
        };
        return result.winners.map((w) => `${w.displayName}:${w.status}`).sort();
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toEqual(['Viewer Aoi:delivered', 'Viewer Kai:held', 'Viewer Ren:held']);
  await page.reload();
  await expect(page.getByTestId('winners-table')).toContainText('完了');
  // After the reload the summary is the server's: one delivered, two held, nothing left to distribute.
  await expect(page.getByTestId('distribution-youtube')).toHaveText(
    'YouTube の配布：受け取り完了 1 件、連携待ちで保留 2 件',
  );
  await expect(page.getByRole('button', { name: 'YouTube の当選者に配布' })).toBeDisabled();
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'live-control-room-phone.png');

  // The linked winner finds the prize in their collection, confirmed on chain.
  await viewer.goto('/audience/collection');
  const prize = viewer.getByTestId('collection-item').filter({ hasText: campaign!.title });
  await expect(prize).toHaveCount(1);
  await expect(prize.getByTestId('collection-state')).toHaveText('受け取り済み');
  await shoot(viewer, 'live-collection.png');
  await viewerContext.close();

  expect(problems).toEqual([]);
});
