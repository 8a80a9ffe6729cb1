import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { setLocale } from '../../lib/i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLocale('ja');
});

const news = [
  {
    id: 'n1',
    title: 'メンテナンスのお知らせ',
    body: '明日の夜に行います。',
    titleEn: 'Maintenance',
    bodyEn: 'Tomorrow night.',
    publishedAt: '2025-01-02T00:00:00.000Z',
  },
  {
    id: 'n2',
    title: '日本語だけ',
    body: '英語はありません',
    titleEn: null,
    bodyEn: null,
    publishedAt: '2025-01-01T00:00:00.000Z',
  },
];

function api(list: unknown[], nextCursor: string | null = null) {
  return (url: string) => {
    if (url.startsWith('/api/news')) return jsonResponse(200, { list, nextCursor });
    if (url.startsWith('/api/digitalgoods') || url.startsWith('/api/campaign'))
      return jsonResponse(200, { list: [], nextCursor: null });
    return undefined;
  };
}

describe('news on the home page', () => {
  it('shows published news in Japanese, and in English where there is English', async () => {
    renderApp('/streamer/home', { account: makeAccount({ collectionPublic: false }), api: api(news) });
    const items = await screen.findAllByTestId('news-item', {}, { timeout: 5000 });
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'メンテナンスのお知らせ',
      '日本語だけ',
    ]);
    await setLocale('en');
    await waitFor(() =>
      expect(screen.getAllByTestId('news-item').map((item) => item.querySelector('h3')?.textContent)).toEqual(
        ['Maintenance', '日本語だけ'],
      ),
    );
  });

  it('says when there is none, and offers more when there is a next page', async () => {
    renderApp('/streamer/home', { account: makeAccount({ collectionPublic: false }), api: api([]) });
    expect(await screen.findByText('新しいお知らせはありません。', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers the next page', async () => {
    renderApp('/streamer/home', { account: makeAccount({ collectionPublic: false }), api: api(news, 'c1') });
    expect(await screen.findByRole('button', { name: 'もっと見る' }, { timeout: 5000 })).toBeTruthy();
  });
});
