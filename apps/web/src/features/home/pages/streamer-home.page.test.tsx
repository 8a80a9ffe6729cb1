import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const draftGoods = {
  id: 'g1',
  userId: 'u_1',
  name: 'Draft card',
  description: '',
  image: null,
  animation: null,
  supply: 10,
  reserved: 0,
  remaining: 10,
  status: 'draft',
  hidden: false,
  tokenId: null,
  imageCid: null,
  metadataCid: null,
  tokenUri: null,
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('/streamer/home', () => {
  it('leads a new streamer to their first goods', async () => {
    renderApp('/streamer/home', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods') || url.startsWith('/api/campaign')
          ? jsonResponse(200, { list: [], nextCursor: null })
          : undefined,
    });
    expect(await screen.findByTestId('attention-none')).toBeTruthy();
    expect(screen.getByText('まずはキャンペーンの賞品になるデジタルグッズを作りましょう。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '最初の賞品を作る' }).getAttribute('href')).toBe(
      '/streamer/editor/digitalgoods?new=1',
    );
  });

  it('lists goods that need attention', async () => {
    renderApp('/streamer/home', {
      account: makeAccount(),
      api: (url) => {
        if (url.startsWith('/api/digitalgoods'))
          return jsonResponse(200, { list: [draftGoods], nextCursor: null });
        if (url.startsWith('/api/campaign')) return jsonResponse(200, { list: [], nextCursor: null });
        return undefined;
      },
    });
    const item = await screen.findByRole('link', {
      name: 'デジタルグッズ「Draft card」に画像がありません。',
    });
    expect(item.getAttribute('href')).toBe('/streamer/editor/digitalgoods?edit=g1');
  });
});
