import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = makeAccount({ id: 'viewer1', type: 'audience' });

describe('/audience/campaign', () => {
  it('marks "on air" only the campaign whose streamer is broadcasting; open is its own badge', async () => {
    renderApp('/audience/campaign', {
      account,
      api: (url) =>
        url.startsWith('/api/campaign?')
          ? jsonResponse(200, {
              list: [
                makeCampaign({ onAir: true }),
                makeCampaign({ id: 'c2', title: '冬のプレゼント', onAir: false }),
              ],
              nextCursor: null,
            })
          : undefined,
    });
    const cards = await screen.findAllByTestId('campaign-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('on-air-badge').textContent).toBe('配信中');
    expect(within(cards[1]!).queryByTestId('on-air-badge')).toBeNull();
    expect(within(cards[1]!).getByText('開催中')).toBeTruthy();
  });

  it('browses with filters in the query and flips the watch flag in place, without reloading the list', async () => {
    const listCalls: string[] = [];
    const watchCalls: { url: string; method: string; body: unknown }[] = [];
    const { fetchMock } = renderApp('/audience/campaign?status=live&sort=endingSoon', {
      account,
      api: (url, init) => {
        if (url.startsWith('/api/campaign?')) {
          listCalls.push(url);
          return jsonResponse(200, {
            list: [makeCampaign(), makeCampaign({ id: 'c2', title: '冬のプレゼント' })],
            nextCursor: null,
          });
        }
        if (url.startsWith('/api/watchlist/viewer1')) {
          const method = init?.method ?? 'GET';
          watchCalls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
          return jsonResponse(200, { campaignId: 'c1', isWatch: method === 'POST', watchCount: 1 });
        }
        return undefined;
      },
    });
    const cards = await screen.findAllByTestId('campaign-card');
    expect(cards).toHaveLength(2);
    expect(listCalls[0]).toContain('status=live');
    expect(listCalls[0]).toContain('sort=endingSoon');
    expect(listCalls[0]).toContain('type=audience');

    fireEvent.click(screen.getByRole('button', { name: 'ウォッチする（「夏祭りプレゼント」）' }));
    const watching = await screen.findByRole('button', {
      name: 'ウォッチ中（「夏祭りプレゼント」）',
    });
    expect(watching.getAttribute('aria-pressed')).toBe('true');
    expect(watchCalls).toEqual([
      { url: '/api/watchlist/viewer1', method: 'POST', body: { campaignId: 'c1' } },
    ]);
    // The other campaign is untouched and the list was not fetched again.
    expect(screen.getByRole('button', { name: 'ウォッチする（「冬のプレゼント」）' })).toBeTruthy();
    expect(listCalls).toHaveLength(1);

    fireEvent.click(watching);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'ウォッチする（「夏祭りプレゼント」）' })).toBeTruthy(),
    );
    expect(watchCalls[1]).toMatchObject({ url: '/api/watchlist/viewer1?campaignId=c1', method: 'DELETE' });
    expect(fetchMock).toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    renderApp('/audience/campaign', {
      account,
      api: (url) =>
        url.startsWith('/api/campaign?') ? jsonResponse(200, { list: [], nextCursor: null }) : undefined,
    });
    expect(
      await screen.findByText('条件に合うキャンペーンはまだありません。条件を変えてみてください。'),
    ).toBeTruthy();
  });

  it('shows a failed watch as an error and flips the flag back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/audience/campaign', {
      account,
      api: (url) => {
        if (url.startsWith('/api/campaign?'))
          return jsonResponse(200, { list: [makeCampaign()], nextCursor: null });
        if (url.startsWith('/api/watchlist/')) {
          return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No campaign with this id.' } });
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'ウォッチする（「夏祭りプレゼント」）' }));
    expect(await screen.findByText('No campaign with this id.')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'ウォッチする（「夏祭りプレゼント」）' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
