import { expect, test, type Page } from '@playwright/test';
import { DRAND_QUICKNET } from '@hanabi/draw';
import { QUICKNET_ROUND_12040883 as ROUND } from '@hanabi/draw/quicknet-rounds';
import {
  drawOnRound,
  signUpStreamer,
  startDrandDrawStack,
  type DrandDrawStack,
} from '../../apps/server/src/test/drand-draw-stack.ts';
import { bothSizes, noSeriousAxeViolations, shoot } from '../support/e2e-helpers';

/*
 * A drand draw as a reader meets it: the shipped server (`dist/main.js`, production mode on PostgreSQL, an api
 * and a worker) drew on a real published quicknet round after writing the draw's record to its chain; the proof
 * page checks the round's signature and reads the record through the RPC the deployment publishes, and only then
 * says "verified", in green. (The demo server's draws are practice draws: live.spec shows those are never green.)
 * Needs PostgreSQL (TEST_DATABASE_URL), as CI has.
 */
const EMAIL = 'e2e-drand@hanabi.example';
let drand: DrandDrawStack;

test.skip(!process.env.TEST_DATABASE_URL, 'the production stack needs PostgreSQL (TEST_DATABASE_URL)');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  drand = await startDrandDrawStack('e2e_drand', DRAND_QUICKNET, [ROUND], { publishRpc: true });
  const streamer = await signUpStreamer(drand, EMAIL);
  const drawn = await drawOnRound(drand, streamer, ROUND, { entrants: 12, winners: 2, prefix: 'UCe2e' });
  expect(drawn.status, JSON.stringify(drawn.list)).toBe(201);
  expect(drawn.list.draws[0]!.status).toBe('revealed');
  // The streamer set up a wallet long ago (the onboarding has its own journey in streamer-journey.spec).
  await drand.database.pool!.query('update app_user set wallet_address = $1 where id = $2', [
    '0x00000000000000000000000000000000000d4a35',
    streamer.streamerId,
  ]);
  // The clocks were stopped at the round's time; the pages are read today.
  await drand.setClock(null);
});

test.afterAll(async () => {
  await drand?.close();
});

/** The streamer signs in from the root with the e-mail link their mailbox receives. */
async function signInFromRoot(page: Page): Promise<void> {
  await page.goto(`${drand.origin}/`);
  await page.getByRole('link', { name: '配信者ページへ' }).click();
  await page
    .getByRole('link', { name: /新規登録・ログイン|ログイン/ })
    .first()
    .click();
  await page.getByLabel(/メールアドレス/).fill(EMAIL);
  const before = drand.stack.mails.length;
  await page.getByRole('button', { name: 'ログインリンクを送る' }).click();
  await expect.poll(() => drand.stack.mails.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const body = drand.stack.mails.at(-1)!.body;
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/magic-link\/verify\?[^\s"<>]+/.exec(body)![0];
  await page.goto(link.replace(/&amp;/g, '&'));
}

test('a drand draw is verified in green with its on-chain record, read through the published RPC', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signInFromRoot(page);
  await page.getByRole('link', { name: 'キャンペーン', exact: true }).first().click();
  // The campaign's public page, as the streamer shares it.
  await page
    .getByRole('link', { name: /公開ページ/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/campaign\/[^/]+$/);
  await page.getByRole('link', { name: '証明を見る' }).first().click();
  const proof = page;
  await expect(proof).toHaveURL(/\/draw\/[^/]+$/);

  const verdict = proof.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'verified', { timeout: 60_000 });
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  await expect(proof.getByTestId('beacon-verdict')).toHaveAttribute('data-status', 'verified');
  await expect(proof.getByTestId('beacon-verdict')).toContainText(String(ROUND.round));
  // The record: read from the chain through the RPC this deployment publishes, and every check of it holds.
  const record = proof.getByTestId('record');
  await expect(record).toBeVisible();
  await expect(record).toContainText(/0x[0-9a-f]{64}/);
  await expect(proof.getByTestId('check-record')).toHaveAttribute('data-ok', 'true');
  await expect(proof.getByTestId('proof-checks').locator('[data-ok="false"]')).toHaveCount(0);
  // The source names the pinned chain; the verdict is the filled green alert (Mantine's teal.9), not the practice
  // one (light yellow).
  await expect(proof.getByText(`drand:${DRAND_QUICKNET.chainHash}`, { exact: false }).first()).toBeVisible();
  const teal = 'rgb(8, 127, 91)';
  const background = (element: Element) => getComputedStyle(element).backgroundColor;
  expect(await verdict.evaluate(background)).toBe(teal);
  // The status badge beside the title, from the server's own check of the beacon: green too.
  const badge = proof.locator('main .mantine-Badge-root', { hasText: '公開済み' }).first();
  await expect(badge).toBeVisible();
  expect(await badge.evaluate(background)).toBe(teal);
  await noSeriousAxeViolations(proof, 'drand draw proof');
  await bothSizes(proof, 'drand-draw-proof');
  await shoot(proof, 'drand-draw-proof-verified.png');
  expect(problems).toEqual([]);
});
