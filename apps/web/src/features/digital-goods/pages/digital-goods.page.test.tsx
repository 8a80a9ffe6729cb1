import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

  it('lists goods with their status and supply', async () => {
    const goods = {
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
