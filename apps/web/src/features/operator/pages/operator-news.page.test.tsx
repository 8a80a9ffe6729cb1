import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = makeAccount({ role: 'operator', collectionPublic: false });
const item = {
  id: 'n1',
  title: '予定のお知らせ',
  body: '本文',
  titleEn: null,
  bodyEn: null,
  publishedAt: '2999-01-01T00:00:00.000Z',
  state: 'scheduled',
  author: { id: 'u_1', name: 'Boss' },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('/operator/news', () => {
  it('writes news in both languages, previews it, and publishes it now', async () => {
    const posts: unknown[] = [];
    renderApp('/operator/news', {
      account: operator,
      api: (url, init) => {
        if (url === '/api/news' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body));
          posts.push(body);
          return jsonResponse(201, { ...item, ...body, id: 'n2', state: 'published' });
        }
        if (url.startsWith('/api/admin/news')) return jsonResponse(200, { list: [item], nextCursor: null });
        return undefined;
      },
    });
    expect((await screen.findByTestId('news-desk-item', {}, { timeout: 5000 })).textContent).toContain(
      '予約',
    );
    fireEvent.change(screen.getByLabelText(/タイトル（日本語）/), { target: { value: 'メンテナンス' } });
    fireEvent.change(screen.getByLabelText(/本文（日本語）/), { target: { value: '明日の夜に行います。' } });
    fireEvent.change(screen.getByLabelText('タイトル（英語・任意）'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('本文（英語・任意）'), { target: { value: 'Tomorrow night.' } });

    fireEvent.click(screen.getByRole('tab', { name: 'プレビュー' }));
    expect((await screen.findByTestId('news-preview')).textContent).toContain('明日の夜に行います。');
    fireEvent.click(screen.getByText('English'));
    await waitFor(() => expect(screen.getByTestId('news-preview').textContent).toContain('Tomorrow night.'));

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      title: 'メンテナンス',
      body: '明日の夜に行います。',
      titleEn: 'Maintenance',
      bodyEn: 'Tomorrow night.',
      publishedAt: expect.any(String),
    });
    // A new post says it was posted (an edit says updated).
    expect(await screen.findByText('投稿しました')).toBeTruthy();
  });

  it('says "updated" after an edit', async () => {
    const puts: string[] = [];
    renderApp('/operator/news', {
      account: operator,
      api: (url, init) => {
        if (url === '/api/news/n1' && init?.method === 'PUT') {
          puts.push(url);
          return jsonResponse(200, { ...item, ...JSON.parse(String(init.body)) });
        }
        if (url.startsWith('/api/admin/news')) return jsonResponse(200, { list: [item], nextCursor: null });
        return undefined;
      },
    });
    await screen.findByTestId('news-desk-item', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '編集' }));
    fireEvent.change(await screen.findByDisplayValue('本文'), { target: { value: '直しました' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await screen.findByText('更新しました')).toBeTruthy();
  });

  it('keeps a draft unpublished and refuses an empty title', async () => {
    const posts: { publishedAt: unknown }[] = [];
    renderApp('/operator/news', {
      account: operator,
      api: (url, init) => {
        if (url === '/api/news' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(201, { ...item, state: 'draft', publishedAt: null });
        }
        if (url.startsWith('/api/admin/news')) return jsonResponse(200, { list: [], nextCursor: null });
        return undefined;
      },
    });
    expect(await screen.findByText('まだお知らせはありません。', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText('入力してください。')).length).toBe(2);
    fireEvent.change(screen.getByLabelText(/タイトル（日本語）/), { target: { value: '下書き' } });
    fireEvent.change(screen.getByLabelText(/本文（日本語）/), { target: { value: 'まだ' } });
    fireEvent.click(screen.getByRole('radio', { name: '下書き' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.publishedAt).toBeNull();
  });

  it('schedules at the time picked in the page’s language, sent as an instant, and asks for one when none is', async () => {
    const posts: { publishedAt: unknown }[] = [];
    renderApp('/operator/news', {
      account: operator,
      api: (url, init) => {
        if (url === '/api/news' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(201, { ...item, id: 'n3' });
        }
        if (url.startsWith('/api/admin/news')) return jsonResponse(200, { list: [], nextCursor: null });
        return undefined;
      },
    });
    await screen.findByText('まだお知らせはありません。', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(/タイトル（日本語）/), { target: { value: '予定' } });
    fireEvent.change(screen.getByLabelText(/本文（日本語）/), { target: { value: '来月に行います。' } });
    fireEvent.click(screen.getByRole('radio', { name: '日時を指定' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('公開日時を入力してください。')).toBeTruthy();
    expect(posts).toHaveLength(0);

    const shown = new Date();
    fireEvent.click(screen.getByRole('button', { name: '公開日時' }));
    fireEvent.click(
      screen.getByRole('button', { name: `${shown.getFullYear()}年${shown.getMonth() + 1}月15日` }),
    );
    fireEvent.click(screen.getByRole('button', { name: '決定' }));
    const picked = new Date(shown.getFullYear(), shown.getMonth(), 15, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByRole('button', { name: '公開日時' }).textContent).toBe(
      `${picked.getFullYear()}/${pad(picked.getMonth() + 1)}/15 00:00`,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.publishedAt).toBe(picked.toISOString());
  });
});
