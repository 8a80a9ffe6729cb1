import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const published = {
  id: 'g1',
  userId: 'u_1',
  name: 'Thank-you card',
  description: '',
  image: { id: 'a1', url: '/files/a.png', mediaType: 'image/png', fileExtention: 'png' },
  animation: null,
  supply: 10,
  reserved: 0,
  remaining: 10,
  status: 'published',
  hidden: false,
  tokenId: '1',
  imageCid: null,
  metadataCid: null,
  tokenUri: null,
  publishedAt: '2025-01-01T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('campaign form', () => {
  it('shows its own checks next to the fields', async () => {
    renderApp('/streamer/editor/campaign?new=1', {
      account: makeAccount(),
      api: (url) =>
        url.startsWith('/api/digitalgoods') ? jsonResponse(200, { list: [], nextCursor: null }) : undefined,
    });
    await screen.findByTestId('campaign-form');
    expect(screen.getByTestId('campaign-no-goods')).toBeTruthy();
    fireEvent.click(screen.getByTestId('campaign-save-draft'));
    // Next to the field and in the summary at the top.
    expect(await screen.findAllByText('タイトルは1〜100文字で入力してください')).toHaveLength(2);
    expect(screen.getAllByText('賞品を選んでください')).toHaveLength(2);
    expect(screen.getByTestId('campaign-error-summary')).toBeTruthy();
  });

  it("shows the server's 422 messages next to the fields they name", async () => {
    const { fetchMock } = renderApp('/streamer/editor/campaign?new=1', {
      account: makeAccount(),
      api: (url, init) => {
        if (url.startsWith('/api/digitalgoods'))
          return jsonResponse(200, { list: [published], nextCursor: null });
        if (url === '/api/campaign' && init?.method === 'POST') {
          return jsonResponse(422, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'The campaign breaks a rule',
              details: [
                { field: 'body.winnerCount', message: 'only 10 of 10 copies remain' },
                { field: 'body.entryRule.keyword', message: 'is too long for TwitCasting' },
                { field: 'body.somethingElse', message: 'unplaced problem' },
              ],
            },
          });
        }
        return undefined;
      },
    });
    await screen.findByTestId('campaign-form');
    fireEvent.change(screen.getByTestId('campaign-title'), { target: { value: 'Spring' } });
    // Choose the prize through the combobox.
    fireEvent.click(screen.getByTestId('campaign-prize'));
    fireEvent.click(await screen.findByRole('option', { name: /Thank-you card/ }));
    fireEvent.click(screen.getByTestId('campaign-save-draft'));
    expect(await screen.findAllByText('only 10 of 10 copies remain')).toHaveLength(2);
    expect(screen.getAllByText('is too long for TwitCasting')).toHaveLength(2);
    expect(screen.getByTestId('campaign-other-errors').textContent).toContain('unplaced problem');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/campaign' && init?.method === 'POST'),
      ).toBe(true),
    );
  });
  it('sends the times picked in Japanese as instants, and no start when none is picked', async () => {
    const posts: {
      startsAt?: string;
      endsAt: string;
      entryRule: { windowStart: unknown; windowEnd: unknown };
    }[] = [];
    renderApp('/streamer/editor/campaign?new=1', {
      account: makeAccount(),
      api: (url, init) => {
        if (url.startsWith('/api/digitalgoods'))
          return jsonResponse(200, { list: [published], nextCursor: null });
        if (url === '/api/campaign' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(422, {
            error: { code: 'VALIDATION_FAILED', message: 'stop here', details: [] },
          });
        }
        return undefined;
      },
    });
    await screen.findByTestId('campaign-form');
    fireEvent.change(screen.getByTestId('campaign-title'), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByTestId('campaign-prize'));
    fireEvent.click(await screen.findByRole('option', { name: /Thank-you card/ }));
    // The end a new campaign starts with (a week from now), shown the Japanese way.
    expect(screen.getByTestId('campaign-ends').textContent).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);

    const shown = new Date();
    fireEvent.click(screen.getByRole('button', { name: '受付開始' }));
    fireEvent.click(
      screen.getByRole('button', { name: `${shown.getFullYear()}年${shown.getMonth() + 1}月15日` }),
    );
    fireEvent.click(screen.getByRole('button', { name: '決定' }));
    fireEvent.click(screen.getByTestId('campaign-save-draft'));

    await waitFor(() => expect(posts).toHaveLength(1));
    const body = posts[0]!;
    expect(body.startsAt).toBeUndefined();
    expect(body.entryRule.windowStart).toBe(
      new Date(shown.getFullYear(), shown.getMonth(), 15).toISOString(),
    );
    expect(body.entryRule.windowEnd).toBeNull();
    const weekAhead = Date.now() + 7 * 24 * 60 * 60_000;
    expect(Math.abs(new Date(body.endsAt).getTime() - weekAhead)).toBeLessThan(2 * 60_000);
  });
});
