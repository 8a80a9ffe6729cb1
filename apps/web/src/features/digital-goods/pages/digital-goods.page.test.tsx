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
  name: 'Thank-you card',
  description: '',
  image: null,
  animation: null,
  supply: 100,
  reserved: 10,
  remaining: 90,
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

describe('/streamer/editor/digitalgoods', () => {
  it('shows an empty state that leads to creating the first prize', async () => {
    renderApp('/streamer/editor/digitalgoods', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods') ? jsonResponse(200, { list: [], nextCursor: null }) : undefined,
    });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('まだデジタルグッズがありません');
    const link = screen.getByRole('link', { name: '最初の賞品を作る' });
    expect(link.getAttribute('href')).toBe('/streamer/editor/digitalgoods?new=1');
  });

  it('offers the stored picture as the editor base when editing goods that have one', async () => {
    const image = {
      id: 'a1',
      url: '/files/digitalgoods/u/prize.png',
      mediaType: 'image/png',
      fileExtention: 'png',
    };
    renderApp('/streamer/editor/digitalgoods?edit=g1', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods')
          ? jsonResponse(200, { list: [{ ...draftGoods, image }], nextCursor: null })
          : undefined,
    });
    const useCurrent = await screen.findByTestId('editor-base-current');
    expect(useCurrent.textContent).toBe('今の賞品画像をベースにする');
  });

  it('offers no stored picture to goods without one', async () => {
    renderApp('/streamer/editor/digitalgoods?edit=g1', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods')
          ? jsonResponse(200, { list: [draftGoods], nextCursor: null })
          : undefined,
    });
    await screen.findByTestId('editor-base');
    expect(screen.queryByTestId('editor-base-current')).toBeNull();
  });

  it('lists goods with their status and supply', async () => {
    const goods = draftGoods;
    renderApp('/streamer/editor/digitalgoods', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods')
          ? jsonResponse(200, { list: [goods], nextCursor: null })
          : undefined,
    });
    expect(await screen.findByText('Thank-you card')).toBeTruthy();
    expect(screen.getByTestId('goods-status').textContent).toBe('下書き');
    expect(screen.getByText('発行上限 100 個（残り 90 個）')).toBeTruthy();
  });
});
