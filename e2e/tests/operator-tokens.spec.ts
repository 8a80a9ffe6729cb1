import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  AUDIENCE,
  DESKTOP,
  OPERATOR,
  PHONE,
  noHorizontalOverflow,
  noSeriousAxeViolations,
  shoot,
  shots,
  signIn,
} from '../support/e2e-helpers';

/**
 * The operator's token tools end to end on the built app (embedded chain and IPFS, demo seed): the demo audience
 * member gets a browser wallet; the demo operator mints a token to the server's signer and transfers some to that
 * wallet, pins a file to IPFS and opens it through the gateway; the audience member's account page then shows
 * the balance read from chain.
 */
test('the operator mints and transfers a token, pins a file to IPFS; the audience member sees the balance from chain', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize(DESKTOP);
  const tokenId = String(100_000 + Math.floor(Math.random() * 800_000));

  // --- The audience member's wallet address ---
  await signIn(page, 'audience', AUDIENCE);
  await page.goto('/audience/account');
  const audienceAddress = (await page.getByTestId('wallet-address').textContent()) ?? '';
  expect(audienceAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

  // --- The operator's token page ---
  await signIn(page, 'streamer', OPERATOR);
  await page.goto('/operator/tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'トークン' })).toBeVisible();
  const signer = (await page.getByTestId('signer-address').textContent()) ?? '';
  expect(signer).toMatch(/^0x[0-9a-fA-F]{40}$/);

  // Validation first: nothing is sent for a bad address.
  const mint = page.getByTestId('mint-form');
  await mint.getByTestId('mint-to').fill('0x1234');
  await mint.getByTestId('mint-submit').click();
  await expect(mint.getByText('0x と 16 進数 40 桁のアドレスを入力してください。')).toBeVisible();

  // Mint 10 to the signer.
  await mint.getByTestId('mint-to-signer').click();
  await expect(mint.getByTestId('mint-to')).toHaveValue(signer);
  await mint.getByTestId('mint-token-id').fill(tokenId);
  await mint.getByTestId('mint-amount').fill('10');
  await mint.getByTestId('mint-submit').click();
  await page.getByTestId('mint-confirm').click();
  const minted = mint.getByTestId('mint-result');
  await expect(minted).toBeVisible({ timeout: 60_000 });
  await expect(minted.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(minted.getByTestId('tx-status')).toHaveText('確定');
  await expect(page.getByTestId(`token-row-${tokenId}`).getByTestId('token-supply')).toHaveText('10');

  // A refused transfer (more than the signer holds) shows the revert reason next to the form.
  const transfer = page.getByTestId('transfer-form');
  await expect(transfer.getByTestId('transfer-sender')).toHaveValue(signer);
  await transfer.getByTestId('transfer-receiver').fill(audienceAddress);
  await transfer.getByTestId('transfer-token-id').fill(tokenId);
  await transfer.getByTestId('transfer-value').fill('1000');
  await transfer.getByTestId('transfer-submit').click();
  const refused = transfer.getByTestId('transfer-error');
  await expect(refused).toBeVisible({ timeout: 60_000 });
  await expect(refused.getByTestId('revert-reason')).toContainText('ERC1155InsufficientBalance');

  // Transfer 3 to the audience member.
  await transfer.getByTestId('transfer-value').fill('3');
  await transfer.getByTestId('transfer-submit').click();
  const transferred = transfer.getByTestId('transfer-result');
  await expect(transferred).toBeVisible({ timeout: 60_000 });
  await expect(transfer.getByTestId('transfer-error')).toHaveCount(0);

  // The history, newest first: the transfer, the refused one, the mint.
  const rows = page.getByTestId('operation-row');
  await expect(rows.first()).toHaveAttribute('data-kind', 'transfer');
  await expect(rows.first()).toHaveAttribute('data-status', 'confirmed');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'failed');
  await expect(rows.nth(2)).toHaveAttribute('data-kind', 'mint');
  await noSeriousAxeViolations(page, '/operator/tokens');
  await shoot(page, 'operator-tokens.png');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'operator-tokens-phone.png');
  await page
    .getByTestId('token-list')
    .screenshot({ path: path.join(shots, 'operator-tokens-list-phone.png') });
  await transfer.screenshot({ path: path.join(shots, 'operator-tokens-transfer-phone.png') });
  await page
    .getByTestId('operations')
    .screenshot({ path: path.join(shots, 'operator-tokens-history-phone.png') });
  await page.setViewportSize(DESKTOP);

  // --- IPFS upload ---
  await page.goto('/operator/ipfs');
  await expect(page.getByRole('heading', { level: 1, name: 'IPFS' })).toBeVisible();
  const content = `hello from the hanabi e2e ${tokenId}\n`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
  await page.getByTestId('ipfs-submit').click();
  const result = page.getByTestId('ipfs-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const cid = (await result.getByTestId('ipfs-cid').textContent()) ?? '';
  expect(cid.length).toBeGreaterThan(10);
  await expect(result.getByTestId('ipfs-uri')).toHaveText(`ipfs://${cid}`);
  const href = (await result.getByTestId('ipfs-gateway-link').getAttribute('href')) ?? '';
  expect(href).toBe(`/ipfs/${cid}`);
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(await served.text()).toBe(content);
  await noSeriousAxeViolations(page, '/operator/ipfs');
  await shoot(page, 'operator-ipfs.png');
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await shoot(page, 'operator-ipfs-phone.png');
  await page.setViewportSize(DESKTOP);

  await page.setViewportSize(DESKTOP);

  // --- Back on the token page: approve + allowance, burn, metadata pinned as the token URI ---
  await page.goto('/operator/tokens');
  const approve = page.getByTestId('approve-form');
  await approve.getByTestId('approve-receiver').fill(audienceAddress);
  await approve.getByTestId('approve-token-id').fill(tokenId);
  await approve.getByTestId('approve-value').fill('2');
  await approve.getByTestId('approve-submit').click();
  await expect(approve.getByTestId('approve-result')).toBeVisible({ timeout: 60_000 });
  await approve.getByTestId('allowance-token-id').fill(tokenId);
  await approve.getByTestId('allowance-operator').fill(audienceAddress);
  await approve.getByTestId('allowance-submit').click();
  await expect(approve.getByTestId('allowance-result')).toContainText('2');

  const burn = page.getByTestId('burn-form');
  await burn.getByTestId('burn-token-id').fill(tokenId);
  await burn.getByTestId('burn-amount').fill('1');
  await burn.getByTestId('burn-submit').click();
  await page.getByTestId('burn-confirm').click();
  await expect(burn.getByTestId('burn-result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId(`token-row-${tokenId}`).getByTestId('token-supply')).toHaveText('9');

  const uri = page.getByTestId('uri-form');
  await uri.getByTestId('uri-token-id').fill(tokenId);
  await uri.getByText('メタデータから作成').click();
  await uri.getByTestId('uri-name').fill(`E2E 賞品 ${tokenId}`);
  await uri.getByTestId('uri-image').fill(`ipfs://${cid}`);
  await uri.getByTestId('uri-submit').click();
  await expect(uri.getByTestId('uri-result')).toBeVisible({ timeout: 60_000 });
  await uri.getByTestId('uri-read').click();
  await expect(uri.getByTestId('uri-read-result')).toContainText('ipfs://');
  await expect(page.getByTestId('operation-row').first()).toHaveAttribute('data-kind', 'set_uri');
  await shoot(page, 'operator-tokens-after.png');

  // --- The audience member's holdings, read from chain ---
  await signIn(page, 'audience', AUDIENCE);
  await page.goto('/audience/account');
  const holding = page.getByTestId(`holding-${tokenId}`);
  await expect(holding.getByTestId('holding-balance')).toHaveText('3', { timeout: 20_000 });
  await expect(holding.getByTestId('holding-recorded')).toHaveText('3');
  await noSeriousAxeViolations(page, '/audience/account');
  await page.getByTestId('holdings-section').scrollIntoViewIfNeeded();
  await page.getByTestId('holdings-section').screenshot({ path: path.join(shots, 'account-holdings.png') });
  await page.setViewportSize(PHONE);
  await noHorizontalOverflow(page);
  await expect(page.getByTestId(`holding-card-${tokenId}`)).toBeVisible();
  await page
    .getByTestId('holdings-section')
    .screenshot({ path: path.join(shots, 'account-holdings-phone.png') });

  expect(problems).toEqual([]);
});
