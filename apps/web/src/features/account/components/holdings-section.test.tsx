import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { holdingDiffers } from './holdings';

beforeEach(() => {
  // This browser already knows the fixture accounts' wallets (the returning-browser step is tested in the gate).
  localStorage.setItem(
    'hanabi.walletContinued',
    JSON.stringify([makeAccount().walletAddress?.toLowerCase()]),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = makeAccount({ type: 'audience' });

function ethAnswer(holdings: unknown[], chainReachable = true) {
  return jsonResponse(200, {
    walletAddress: account.walletAddress,
    chainId: 31337,
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    holdings,
    chainReachable,
  });
}

describe('holdingDiffers', () => {
  it('compares chain and record, and claims nothing without a chain balance', () => {
    expect(holdingDiffers({ balance: '2', recorded: '2' })).toBe(false);
    expect(holdingDiffers({ balance: '3', recorded: '2' })).toBe(true);
    expect(holdingDiffers({ balance: null, recorded: '2' })).toBe(false);
  });
});

describe('holdings on the account page', () => {
  it('shows the empty state', async () => {
    renderApp('/audience/account', {
      account,
      api: (url) => (url.startsWith('/api/myAccountEth') ? ethAnswer([]) : undefined),
    });
    // The first render loads the account page's chunks (wallet, IndexedDB): give a loaded machine time.
    expect(await screen.findByText('まだ賞品はありません。', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('shows chain balances next to the records, notes a difference and refreshes', async () => {
    let calls = 0;
    renderApp('/audience/account', {
      account,
      api: (url) => {
        if (!url.startsWith('/api/myAccountEth')) return undefined;
        calls += 1;
        return ethAnswer([
          { tokenId: '7', balance: '3', recorded: '3', uri: 'ipfs://bafkmeta' },
          { tokenId: '9', balance: '1', recorded: '2', uri: null },
        ]);
      },
    });
    const row = await screen.findByTestId('holding-7', undefined, { timeout: 5000 });
    expect(within(row).getByTestId('holding-balance').textContent).toBe('3');
    expect(within(screen.getByTestId('holding-9')).getByText('不一致')).toBeTruthy();
    expect(screen.getByTestId('holdings-differ')).toBeTruthy();
    fireEvent.click(screen.getByTestId('holdings-refresh'));
    await vi.waitFor(() => expect(calls).toBe(2));
  });
});
