import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = makeAccount({ id: 'viewer1', type: 'audience' });

describe('/audience/watchlist', () => {
  it('lists the watched campaigns (asking for watched=true) and is in the audience menu', async () => {
    const listCalls: string[] = [];
    renderApp('/audience/watchlist', {
      account,
      api: (url) => {
        if (!url.startsWith('/api/campaign?')) return undefined;
        listCalls.push(url);
        return jsonResponse(200, { list: [makeCampaign({ isWatch: true })], nextCursor: null });
      },
    });
    expect(await screen.findAllByTestId('campaign-card')).toHaveLength(1);
    expect(listCalls[0]).toContain('watched=true');
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    expect(within(menu).getByRole('link', { name: 'ウォッチリスト' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says what will appear when nothing is watched', async () => {
    renderApp('/audience/watchlist', {
      account,
      api: (url) =>
        url.startsWith('/api/campaign?') ? jsonResponse(200, { list: [], nextCursor: null }) : undefined,
    });
    expect(await screen.findByText(/ウォッチ中のキャンペーンはまだありません/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キャンペーンを探す' }).getAttribute('href')).toBe(
      '/audience/campaign',
    );
  });

  it('shows an error when the list cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/audience/watchlist', {
      account,
      api: (url) =>
        url.startsWith('/api/campaign?')
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : undefined,
    });
    const error = await screen.findByTestId('watchlist-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('ウォッチリストを読み込めませんでした。');
  });
});
