import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeNotification } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = makeAccount({ type: 'audience' });
const list = [
  makeNotification({ id: 'n1', text: '一つ目のお知らせ' }),
  makeNotification({ id: 'n2', text: '二つ目のお知らせ', href: null }),
  makeNotification({ id: 'n3', text: '既読のお知らせ', isRead: true }),
];

function api(readAll: (body: unknown) => void) {
  return (url: string, init: RequestInit | undefined) => {
    if (url.startsWith('/api/notification/readall')) {
      readAll(JSON.parse(String(init?.body)));
      return jsonResponse(200, { updated: 2, unreadCount: 0 });
    }
    if (url.startsWith('/api/notification/n2/read')) return jsonResponse(200, { ...list[1], isRead: true });
    if (url.startsWith(`/api/notification?userId=${account.id}`)) {
      return jsonResponse(200, { list, nextCursor: null, unreadCount: 2 });
    }
    if (url.startsWith('/api/campaign')) return jsonResponse(200, { list: [], nextCursor: null });
    return undefined;
  };
}

describe('notification bell', () => {
  it('shows the unread count, marks one read locally, then all', async () => {
    const readAll = vi.fn();
    const { fetchMock } = renderApp('/audience/home', { account, api: api(readAll) });
    const bell = await screen.findByRole('button', { name: '通知（未読 2件）' });
    fireEvent.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(
      items.map((item) => [item.textContent?.includes('お知らせ'), item.getAttribute('data-read')]),
    ).toEqual([
      [true, 'false'],
      [true, 'false'],
      [true, 'true'],
    ]);
    // A notification without a target: clicking it only marks it read, and the flag flips at once.
    fireEvent.click(items[1]!);
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item')[1]!.getAttribute('data-read')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: '通知（未読 1件）' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/notification/n2/read')).toBe(true);

    fireEvent.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(readAll).toHaveBeenCalledWith({ items: ['n1'] }));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('notification-item').every((item) => item.getAttribute('data-read') === 'true'),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: '通知' })).toBeTruthy();
    // The drawer's close button is an icon: it is named, in the page's language.
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
  });

  it('is not shown to signed-out visitors', async () => {
    renderApp('/campaign/c1', {
      api: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'x' } }),
    });
    await screen.findByTestId('empty-state');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });
});
