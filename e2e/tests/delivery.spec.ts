import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  OPERATOR,
  PHONE,
  STREAMER,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  signIn,
} from '../support/e2e-helpers';

/**
 * Manual distribution end to end on the built app (embedded chain, demo seed): the demo streamer pastes a
 * list, the dry run names the bad row, the fixed list shows who gets it now, who is held and the duplicate;
 * sending shows progress until the airdrop is confirmed on chain; the operator sees it in the delivery queue.
 */
test('the streamer distributes goods to a pasted list and watches it arrive; the operator sees the queue', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize(DESKTOP);
  const address = `0x${crypto.randomBytes(20).toString('hex')}`;
  const channel = `UC${crypto.randomBytes(16).toString('base64url').slice(0, 22)}`;

  await signIn(page, 'streamer', STREAMER);
  await page.goto('/streamer/editor/manual-distribution');
  await expect(page.getByRole('heading', { level: 1, name: '手動配布' })).toBeVisible();
  // The demo seed already distributed once: the history shows it.
  await expect(page.getByTestId('distribution-history-item').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'デジタルグッズ' }).click();
  await page.getByRole('option').first().click();
  const list = page.getByRole('textbox', { name: '受け取る人' });
  await list.fill(`${address},2\n${channel}\n${address.toUpperCase().replace('0X', '0x')}\n0x1234`);
  await page.getByRole('button', { name: '確認する' }).click();
  const preview = page.getByTestId('distribution-preview');
  await expect(preview.getByTestId('preview-rows').locator('tr[data-outcome="invalid"]')).toHaveCount(1);
  await expect(preview.getByText('エラーの行を直してから配布してください。')).toBeVisible();
  await expect(page.getByRole('button', { name: /件を配布する/ })).toBeDisabled();
  await shoot(page, 'delivery-preview-invalid.png');

  // Fixing the list makes the old check stale; checking again allows sending.
  await list.fill(`${address},2\n${channel}\n${address}`);
  await expect(page.getByText('リストが変わりました。もう一度確認してください。')).toBeVisible();
  await page.getByRole('button', { name: '確認する' }).click();
  const rows = preview.getByTestId('preview-rows');
  await expect(rows.locator('tr[data-outcome="deliver"]')).toHaveCount(1);
  await expect(rows.locator('tr[data-outcome="hold"]')).toHaveCount(1);
  await expect(rows.locator('tr[data-outcome="duplicate"]')).toHaveCount(1);
  await noSeriousAxeViolations(page, 'manual distribution preview');
  await shoot(page, 'delivery-preview.png');
  await page.getByRole('button', { name: '2 件を配布する' }).click();

  // The detail page follows the airdrop until it is confirmed.
  await expect(page).toHaveURL(/\/streamer\/editor\/manual-distribution\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('distribution-progress-text')).toHaveText('1 / 1 件が完了', {
    timeout: 60_000,
  });
  const table = page.getByTestId('distribution-rows');
  await expect(table.locator('[data-status="confirmed"]')).toHaveCount(1);
  await expect(table.locator('[data-status="held"]')).toHaveCount(1);
  await expect(page.getByText('完了').first()).toBeVisible();
  await shoot(page, 'delivery-detail.png');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'delivery-detail-phone.png');
  await page.goto('/streamer/editor/manual-distribution');
  await noHorizontalOverflow(page);
  await shoot(page, 'delivery-page-phone.png');
  await page.setViewportSize(DESKTOP);

  // The operator's queue lists the confirmed delivery with its transaction.
  await signIn(page, 'streamer', OPERATOR);
  await page.goto('/operator/deliveries');
  await expect(page.getByRole('heading', { level: 1, name: '配布キュー' })).toBeVisible();
  const queue = page.getByTestId('delivery-queue');
  await expect(queue.locator(`tr:has-text("${address.slice(0, 6)}")`).first()).toBeVisible();
  await page.locator('label').filter({ hasText: /^完了/ }).click();
  await expect(queue.locator('tr[data-status="confirmed"]').first()).toBeVisible();
  await expect(queue.locator('tr[data-status="queued"]')).toHaveCount(0);
  await noSeriousAxeViolations(page, 'delivery queue');
  await shoot(page, 'delivery-queue.png');
  expect(problems).toEqual([]);
});
