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

// Fields the contract gained while the shared fixture catches up.
const fields = { collectionPublic: false };
const operator = makeAccount({ id: 'op_1', role: 'operator', ...fields });

const user = {
  id: 'u_9',
  type: 'streamer',
  role: 'user',
  name: 'Sakura',
  avatarUrl: '/assets/images/avatar.svg',
  email: 'sakura@example.test',
  walletAddress: null,
  youtubeChannelId: 'UC123',
  youtubeTitle: 'Sakura Ch',
  twitcastingUserId: null,
  twitcastingScreenId: null,
  twitcastingName: null,
  suspendedAt: null as string | null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const detail = (overrides: Partial<typeof user> = {}) => ({
  user: { ...user, ...overrides, bio: '', locale: 'ja' },
  campaigns: { total: 0, list: [] },
  goods: { total: 0, list: [] },
  deliveries: { total: 0, list: [] },
});

describe('/operator/users', () => {
  it('lists users and sends the filters from the URL', async () => {
    const urls: string[] = [];
    renderApp('/operator/users?type=streamer&suspended=false&q=saku', {
      account: operator,
      api: (url) => {
        if (!url.startsWith('/api/admin/user?')) return undefined;
        urls.push(url);
        return jsonResponse(200, { list: [user], nextCursor: null });
      },
    });
    const row = await screen.findByTestId('admin-user-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Sakura');
    expect(row.getAttribute('href')).toBe('/operator/users/u_9');
    const query = new URL(urls[0]!, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ type: 'streamer', suspended: 'false', q: 'saku' });
  });

  it('suspends a user after confirmation', async () => {
    const writes: { url: string; body: unknown }[] = [];
    let suspendedAt: string | null = null;
    renderApp('/operator/users/u_9', {
      account: operator,
      api: (url, init) => {
        if (url === '/api/admin/user/u_9/suspension' && init?.method === 'PUT') {
          writes.push({ url, body: JSON.parse(String(init.body)) });
          suspendedAt = '2025-02-01T00:00:00.000Z';
          return jsonResponse(200, { ...user, suspendedAt });
        }
        if (url === '/api/admin/user/u_9') return jsonResponse(200, detail({ suspendedAt }));
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '利用を停止する' }, { timeout: 5000 }));
    expect(await screen.findByText('利用を停止しますか？')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '実行する' }));
    await waitFor(() =>
      expect(writes).toEqual([{ url: '/api/admin/user/u_9/suspension', body: { suspended: true } }]),
    );
    expect(await screen.findByTestId('suspended-badge')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '停止を解除する' })).toBeTruthy();
  });

  it('does not offer an operator actions on themself', async () => {
    renderApp('/operator/users/op_1', {
      account: operator,
      api: (url) =>
        url === '/api/admin/user/op_1'
          ? jsonResponse(200, detail({ id: 'op_1', role: 'operator' }))
          : undefined,
    });
    const revoke = await screen.findByRole('button', { name: '運営者の権限を外す' }, { timeout: 5000 });
    expect((revoke as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '利用を停止する' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('自分自身の権限や停止は変更できません。')).toBeTruthy();
  });
});
