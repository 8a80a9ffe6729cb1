import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it("names the publish dialog's close button in the page's language", async () => {
    renderApp('/streamer/editor/digitalgoods', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods')
          ? jsonResponse(200, {
              list: [
                {
                  ...draftGoods,
                  image: { id: 'a1', url: '/files/g1.png', mediaType: 'image/png', fileExtention: 'png' },
                },
              ],
              nextCursor: null,
            })
          : undefined,
    });
    fireEvent.click(await screen.findByTestId('goods-publish'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-publish')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toBeTruthy();
  });
});

describe('the goods create form', () => {
  const listOf = (list: unknown[]) => jsonResponse(200, { list, nextCursor: null });

  it('on an empty submit shows a summary on top and focuses the first invalid field', async () => {
    renderApp('/streamer/editor/digitalgoods?new=1', {
      account: makeAccount(),
      api: (url) => (url.startsWith('/api/digitalgoods') ? listOf([]) : undefined),
    });
    const name = (await screen.findByTestId('goods-name', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(screen.getByTestId('goods-supply'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('goods-save'));
    const summary = await screen.findByTestId('goods-error-summary');
    expect(summary.textContent).toContain('2 件の項目を直してください');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('toasts a server error and focuses the field it names', async () => {
    renderApp('/streamer/editor/digitalgoods?new=1', {
      account: makeAccount(),
      api: (url, init) => {
        if (url === '/api/digitalgoods' && init?.method === 'POST') {
          return jsonResponse(422, {
            error: {
              code: 'BUSINESS_RULE',
              message: 'That name is taken.',
              details: [{ field: 'body.name', message: 'その名前は使えません' }],
            },
          });
        }
        return url.startsWith('/api/digitalgoods') ? listOf([]) : undefined;
      },
    });
    const name = (await screen.findByTestId('goods-name', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Card' } });
    fireEvent.click(screen.getByTestId('goods-save'));
    expect((await screen.findAllByText('その名前は使えません')).length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('That name is taken.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('sends one Idempotency-Key per form, and Back after creating offers the goods instead of a new form', async () => {
    const keys: (string | null)[] = [];
    const { router } = renderApp('/streamer/editor/digitalgoods', {
      account: makeAccount(),
      api: (url, init) => {
        if (url === '/api/digitalgoods' && init?.method === 'POST') {
          keys.push(new Headers(init.headers).get('Idempotency-Key'));
          return jsonResponse(201, { ...draftGoods, id: 'g9', name: 'Card' });
        }
        return url.startsWith('/api/digitalgoods') ? listOf([draftGoods]) : undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('goods-create', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('goods-name'), { target: { value: 'Card' } });
    fireEvent.click(screen.getByTestId('goods-save'));
    await waitFor(() => expect(router.location.search).toBe(''));
    // Back on the list, then Back again to the form's history entry.
    await screen.findByTestId('goods-create');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await act(() => router.navigate(-1));
    const offered = await screen.findByTestId('goods-already-created');
    expect(offered.textContent).toContain('すでに作成されています');
    expect(screen.queryByTestId('goods-form')).toBeNull();
    expect(screen.getByRole('link', { name: '作成したデジタルグッズを開く' }).getAttribute('href')).toBe(
      '/streamer/editor/digitalgoods?edit=g9',
    );
    expect(keys).toHaveLength(1);
  });
});
