import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = makeAccount({ role: 'operator' });

function tokenApi(write: (url: string, method: string, body: unknown) => Response | undefined) {
  const writes: { url: string; method: string; body: unknown }[] = [];
  const api = (url: string, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/admin/token/operations'))
      return jsonResponse(200, { list: [], nextCursor: null });
    if (url.startsWith('/api/admin/token?') && method === 'GET')
      return jsonResponse(200, {
        list: [
          {
            tokenId: '7',
            uri: 'ipfs://bafkmeta',
            gatewayUrl: '/ipfs/bafkmeta',
            minted: '10',
            burned: '3',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
        nextCursor: null,
        contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        signer: SIGNER,
      });
    if (method !== 'GET' && url.startsWith('/api/admin/')) {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ url, method, body });
      return write(url, method, body);
    }
    return undefined;
  };
  return { api, writes };
}

describe('/operator/tokens', () => {
  it('lists the known tokens with their supply', async () => {
    const { api } = tokenApi(() => undefined);
    renderApp('/operator/tokens', { account: operator, api });
    const row = await screen.findByTestId('token-row-7');
    expect(within(row).getByText('ipfs://bafkmeta')).toBeTruthy();
    expect(within(row).getByTestId('token-supply').textContent).toBe('7');
    expect((await screen.findByTestId('signer-address')).textContent).toBe(SIGNER);
  });

  it('validates the mint form before sending anything', async () => {
    const { api, writes } = tokenApi(() => undefined);
    renderApp('/operator/tokens', { account: operator, api });
    const mint = await screen.findByTestId('mint-form');
    fireEvent.change(within(mint).getByTestId('mint-to'), { target: { value: '0x1234' } });
    fireEvent.change(within(mint).getByTestId('mint-token-id'), { target: { value: '1.5' } });
    fireEvent.change(within(mint).getByTestId('mint-amount'), { target: { value: '0' } });
    fireEvent.change(within(mint).getByTestId('mint-uri'), { target: { value: 'http://insecure' } });
    fireEvent.click(within(mint).getByTestId('mint-submit'));
    expect(await within(mint).findByText('0x と 16 進数 40 桁のアドレスを入力してください。')).toBeTruthy();
    expect(
      within(mint).getByText('トークン ID は 0 以上の整数（10 進数の数字）で入力してください。'),
    ).toBeTruthy();
    expect(within(mint).getByText('1 以上の整数を入力してください。')).toBeTruthy();
    expect(within(mint).getByText('ipfs:// または https:// で始まる URI を入力してください。')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('mints, then shows the confirmed transaction and a toast', async () => {
    const { api, writes } = tokenApi((url) =>
      url === '/api/admin/token'
        ? jsonResponse(200, {
            txHash: '0xabc123',
            blockNumber: 42,
            status: 'confirmed',
            operationId: 'op_1',
            tokenId: '8',
            uriTxHash: null,
          })
        : undefined,
    );
    renderApp('/operator/tokens', { account: operator, api });
    const mint = await screen.findByTestId('mint-form');
    await screen.findByTestId('signer-address');
    fireEvent.click(within(mint).getByTestId('mint-to-signer'));
    fireEvent.change(within(mint).getByTestId('mint-token-id'), { target: { value: '8' } });
    fireEvent.change(within(mint).getByTestId('mint-amount'), { target: { value: '5' } });
    fireEvent.click(within(mint).getByTestId('mint-submit'));
    // Nothing is sent until the operator confirms what the mint does.
    expect(await screen.findByText('トークン #8 を 5 個発行しますか？')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.click(screen.getByTestId('mint-confirm'));
    const result = await within(mint).findByTestId('mint-result');
    expect(within(result).getByTestId('tx-hash').textContent).toBe('0xabc123');
    expect(within(result).getByTestId('tx-block').textContent).toBe('42');
    expect(await screen.findByText('トークンを発行しました')).toBeTruthy();
    expect(writes[0]?.body).toEqual({ token: { to: SIGNER, tokenId: '8', amount: '5' } });
  });

  it('shows the supply cap refusal (422) next to the form and on the amount field', async () => {
    const { api } = tokenApi((url) =>
      url === '/api/admin/token'
        ? jsonResponse(422, {
            error: {
              code: 'BUSINESS_RULE',
              message: 'Token 9 is the goods "Badge" with a supply of 5: 2 more can be minted, not 3.',
              details: [{ field: 'body.token.amount', message: 'at most 2 (supply cap)' }],
            },
          })
        : undefined,
    );
    renderApp('/operator/tokens', { account: operator, api });
    const mint = await screen.findByTestId('mint-form');
    await screen.findByTestId('signer-address');
    fireEvent.click(within(mint).getByTestId('mint-to-signer'));
    fireEvent.change(within(mint).getByTestId('mint-token-id'), { target: { value: '9' } });
    fireEvent.change(within(mint).getByTestId('mint-amount'), { target: { value: '3' } });
    fireEvent.click(within(mint).getByTestId('mint-submit'));
    fireEvent.click(await screen.findByTestId('mint-confirm'));
    const error = await within(mint).findByTestId('mint-error');
    expect(error.textContent).toContain('2 more can be minted, not 3');
    expect(within(mint).getAllByText('at most 2 (supply cap)').length).toBeGreaterThan(0);
    expect(within(mint).queryByTestId('mint-result')).toBeNull();
  });

  it('burns only after the operator confirms what will be burned', async () => {
    const { api, writes } = tokenApi((url, method) =>
      url === '/api/admin/token/7' && method === 'DELETE'
        ? jsonResponse(200, { txHash: '0xdead', blockNumber: 43, status: 'confirmed', operationId: 'op_2' })
        : undefined,
    );
    renderApp('/operator/tokens', { account: operator, api });
    const burn = await screen.findByTestId('burn-form');
    fireEvent.change(within(burn).getByTestId('burn-token-id'), { target: { value: '7' } });
    fireEvent.change(within(burn).getByTestId('burn-amount'), { target: { value: '2' } });
    fireEvent.click(within(burn).getByTestId('burn-submit'));
    expect(await screen.findByText('トークン #7 を 2 個焼却しますか？')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.click(screen.getByTestId('burn-confirm'));
    expect(await within(burn).findByTestId('burn-result')).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.method).toBe('DELETE');
  });

  it('shows a 422 revert reason next to the form, explained', async () => {
    const message = `transfer reverted: ERC1155InsufficientBalance(${SIGNER}, 2, 5, 7)`;
    // As the server answers a token write's revert (decision 0205): a generic reason, the chain's words as message.
    const { api } = tokenApi(() =>
      jsonResponse(422, { error: { code: 'BUSINESS_RULE', message, reason: 'requestNotProcessed' } }),
    );
    renderApp('/operator/tokens', { account: operator, api });
    const transfer = await screen.findByTestId('transfer-form');
    await waitFor(() =>
      expect((within(transfer).getByTestId('transfer-sender') as HTMLInputElement).value).toBe(SIGNER),
    );
    fireEvent.change(within(transfer).getByTestId('transfer-receiver'), { target: { value: RECEIVER } });
    fireEvent.change(within(transfer).getByTestId('transfer-token-id'), { target: { value: '7' } });
    fireEvent.change(within(transfer).getByTestId('transfer-value'), { target: { value: '5' } });
    fireEvent.click(within(transfer).getByTestId('transfer-submit'));
    const error = await within(transfer).findByTestId('transfer-error');
    expect(within(error).getByText('コントラクトが拒否しました（ガスは使われていません）')).toBeTruthy();
    expect(within(error).getByTestId('revert-reason').textContent).toBe(message);
    expect(within(error).getByTestId('revert-explained').textContent).toBe(
      `残高が足りません：${SIGNER} のトークン 7 は 2 個で、5 個必要です。`,
    );
    expect(within(transfer).queryByTestId('transfer-result')).toBeNull();
  });

  it('puts 400 field details on their fields', async () => {
    const { api } = tokenApi(() =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid: body.receiver.',
          details: [{ field: 'body.receiver', message: 'has a wrong checksum' }],
        },
      }),
    );
    renderApp('/operator/tokens', { account: operator, api });
    const approve = await screen.findByTestId('approve-form');
    fireEvent.change(within(approve).getByTestId('approve-receiver'), { target: { value: RECEIVER } });
    fireEvent.change(within(approve).getByTestId('approve-token-id'), { target: { value: '7' } });
    fireEvent.click(within(approve).getByTestId('approve-submit'));
    expect(await within(approve).findByTestId('approve-error')).toBeTruthy();
    expect(within(approve).getAllByText('has a wrong checksum').length).toBeGreaterThan(0);
  });
});
