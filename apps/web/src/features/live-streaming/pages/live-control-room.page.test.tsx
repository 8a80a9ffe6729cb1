import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  FakeEventSource,
  makeComment,
  makeOverview,
  makeWinner,
  makeWinnerList,
} from '../../../test/live-fixtures';

type Call = { url: string; method: string; body: unknown; key: string | null };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fake live API for campaign c1; `handler` answers first, then the defaults below. */
function liveApi(
  handler: (url: string, method: string, body: unknown) => Response | Promise<Response> | undefined = () =>
    undefined,
) {
  const calls: Call[] = [];
  const api = (url: string, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const key = new Headers(init?.headers).get('Idempotency-Key');
    if (url.startsWith('/api/liveStreaming') || url.startsWith('/api/campaign/'))
      calls.push({ url, method, body, key });
    const answer = handler(url, method, body);
    if (answer) return answer;
    if (url === '/api/liveStreaming/c1/overview') return jsonResponse(200, makeOverview());
    if (url === '/api/campaign/c1') return jsonResponse(200, makeCampaign());
    if (url === '/api/liveStreaming/c1/quota') {
      return jsonResponse(200, {
        day: '2026-11-26',
        used: 7200,
        limit: 10_000,
        left: 2800,
        ratePerHour: 1800,
        runsOutAt: '2026-11-27T03:33:00.000Z',
        resetsAt: '2026-11-27T08:00:00.000Z',
      });
    }
    if (url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/comment')) {
      return jsonResponse(200, { list: [makeComment()], nextCursor: null, total: 1 });
    }
    if (url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/winner') && method === 'GET') {
      return jsonResponse(200, makeWinnerList());
    }
    return undefined;
  };
  return { api, calls };
}

// Generous: these render the whole app, and the machine may be busy.
describe('/streamer/liveStreaming/:id', { timeout: 20_000 }, () => {
  it('shows the campaign, the platform card, counts and the comments', async () => {
    const { api } = liveApi();
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    expect(await screen.findByTestId('live-campaign-title', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      '夏祭りプレゼント',
    );
    expect(screen.getByTestId('entrant-count').textContent).toBe('7');
    const card = screen.getByTestId('platform-youtube');
    expect(within(card).getByText('はなびチャンネル')).toBeTruthy();
    expect(within(card).getByText('API 使用量 500 / 10,000 ユニット')).toBeTruthy();
    // The project's quota, shared by every stream, and when it runs out at the current pace.
    const quota = await within(card).findByTestId('youtube-quota');
    expect(quota.textContent).toContain('本日の YouTube API 残り 2,800 / 10,000 ユニット（全配信共通）');
    expect(quota.textContent).toMatch(/今のペースでは .*\d{2}:\d{2}.* ごろに使い切ります/);
    // Only the platforms the campaign runs on.
    expect(screen.queryByTestId('platform-twitcasting')).toBeNull();
    const comment = await screen.findByTestId('live-comment');
    expect(within(comment).getByText('参加！')).toBeTruthy();
    expect(within(comment).getByText('メンバー')).toBeTruthy();
    expect(await screen.findByText('まだ当選者はいません。参加者が集まったら抽選しましょう。')).toBeTruthy();
    expect((screen.getByLabelText('OBS オーバーレイの URL') as HTMLInputElement).value).toMatch(
      /\/overlay\/c1$/,
    );
  });

  it('draws after confirmation and shows the winners with their proof link', async () => {
    const drawn = makeWinnerList({ remaining: 1, winners: [makeWinner()] });
    let hasDrawn = false;
    const { api, calls } = liveApi((url, method) => {
      if (!url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/winner')) return undefined;
      if (method === 'POST') hasDrawn = true;
      return hasDrawn ? jsonResponse(method === 'POST' ? 201 : 200, drawn) : undefined;
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    fireEvent.click(await screen.findByRole('button', { name: '2 名を抽選' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('button', { name: '抽選する' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/winner'))?.body).toEqual({
        campaignId: 'c1',
        count: 2,
      }),
    );
    const row = await screen.findByTestId('winner-row');
    expect(within(row).getByText('視聴者A')).toBeTruthy();
    expect(within(row).getByText('連携待ち（保留）')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '証明を見る' }).getAttribute('href')).toBe('/draw/d1');
  });

  it('sends one Idempotency-Key per draw: the same on a retry after a lost answer, a new one for the next draw', async () => {
    const drawn = makeWinnerList({ remaining: 1, winners: [makeWinner()] });
    let posts = 0;
    const { api, calls } = liveApi((url, method) => {
      if (!url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/winner')) return undefined;
      if (method === 'GET') return posts >= 2 ? jsonResponse(200, drawn) : undefined;
      posts += 1;
      // The first answer is lost on the way (the draw may have happened): the retry must be the same intent.
      return posts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(201, drawn);
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    const drawOnce = async (name: string) => {
      fireEvent.click(await screen.findByRole('button', { name }, { timeout: 5000 }));
      fireEvent.click(await screen.findByRole('button', { name: '抽選する' }));
    };
    const keys = () => calls.filter((call) => call.method === 'POST').map((call) => call.key);
    await drawOnce('2 名を抽選');
    await waitFor(() => expect(keys()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2 名を抽選' })).toHaveProperty('disabled', false),
    );
    await drawOnce('2 名を抽選');
    await waitFor(() => expect(keys()).toHaveLength(2));
    await screen.findByTestId('winner-row');
    await drawOnce('1 名を抽選');
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [first, retry, next] = keys();
    expect(first).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(next).toMatch(/^[\x21-\x7e]{1,200}$/);
  });

  it('excludes a winner with a reason (re-draw) and distributes the prizes', async () => {
    // The server's list as it stands: the room shows what it answers, never only what the click did.
    let list = makeWinnerList({ remaining: 0, winners: [makeWinner()] });
    const excludedA = makeWinner({
      status: 'excluded',
      excludedReasonCode: 'duplicateAccount',
      excludedReason: '同一人物',
    });
    const { api, calls } = liveApi((url, method) => {
      if (url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/winner') && method === 'GET')
        return jsonResponse(200, list);
      if (url.endsWith('/winner') && method === 'PUT') {
        list = {
          ...list,
          winners: [makeWinner({ id: 'w2', drawId: 'd2', displayName: '視聴者B' }), excludedA],
        };
        return jsonResponse(200, list);
      }
      if (url === '/api/liveStreaming/c1/distribution/youtube') {
        const distributedAt = '2025-07-01T10:20:00.000Z';
        list = {
          ...list,
          winners: [
            makeWinner({ id: 'w2', drawId: 'd2', displayName: '視聴者B', status: 'held', distributedAt }),
            excludedA,
          ],
        };
        return jsonResponse(200, { queued: 0, held: 1, alreadyDistributed: 0, winners: list.winners });
      }
      return undefined;
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    fireEvent.click(await screen.findByRole('button', { name: '視聴者A さんを除外' }, { timeout: 5000 }));
    // The reason comes from the list; the streamer's words go with it, and the form says both are public.
    fireEvent.change(await screen.findByLabelText(/除外の理由/), { target: { value: 'duplicateAccount' } });
    fireEvent.change(screen.getByLabelText(/説明/), { target: { value: '同一人物' } });
    expect(screen.getByTestId('exclusion-public').textContent).toContain('公開されます');
    fireEvent.click(screen.getByRole('button', { name: '除外して再抽選' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        campaignId: 'c1',
        winners: [{ id: 'w1', excluded: true, reasonCode: 'duplicateAccount', reason: '同一人物' }],
        redraw: true,
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.key).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(await screen.findByText('視聴者B')).toBeTruthy();
    expect(screen.getByText('除外の理由：重複アカウント — 同一人物')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'YouTube の当選者に配布' }));
    // A confirmation naming what cannot be undone comes first; then the summary and the button follow the
    // server's list: nothing left to distribute, and the held winner can no longer be excluded.
    fireEvent.click(await screen.findByRole('button', { name: '配布する' }));
    expect((await screen.findByTestId('distribution-youtube')).textContent).toBe(
      'YouTube の配布：連携待ちで保留 1 件',
    );
    expect(
      (screen.getByRole('button', { name: 'YouTube の当選者に配布' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: '視聴者B さんを除外' })).toBeNull();
  });

  it('shows the 422 refusal in the card, in the page’s language, when the streamer is not live', async () => {
    const overview = makeOverview();
    overview.platforms[0]!.stream = null;
    const { api } = liveApi((url, method) => {
      if (url === '/api/liveStreaming/c1/overview') return jsonResponse(200, overview);
      if (url === '/api/liveStreaming/c1/stream' && method === 'POST')
        // The server's answer as it is (decision 0205): English, with the reason the web words itself.
        return jsonResponse(422, {
          error: {
            code: 'BUSINESS_RULE',
            message: 'You are not live on YouTube right now: start your broadcast, then try again.',
            reason: 'notLiveOnPlatform',
          },
        });
      return undefined;
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    expect(
      await screen.findByText(
        '抽選するには、まずコメントの読み取りを開始してください。',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'コメントの読み取りを開始' }));
    const alert = await screen.findByTestId('not-live');
    expect(within(alert).getByText('YouTube のコメントを読み取れません')).toBeTruthy();
    expect(
      within(alert).getByText('現在配信していないようです。配信を開始してから、もう一度お試しください。'),
    ).toBeTruthy();
    expect(within(alert).queryByText(/You are not live/)).toBeNull();
  });

  it('words the stream’s last error by its code in the page’s language, the English only without one', async () => {
    const overview = makeOverview();
    overview.platforms[0]!.stream!.status = 'error';
    overview.platforms[0]!.stream!.lastError = 'YouTube refused to show this chat to the connected account.';
    overview.platforms[0]!.stream!.lastErrorCode = 'chatRefused';
    const { api } = liveApi((url) =>
      url === '/api/liveStreaming/c1/overview' ? jsonResponse(200, overview) : undefined,
    );
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    expect(
      await screen.findByText(
        'YouTube が、連携中のアカウントにこのチャットの表示を許可しませんでした。',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/refused to show this chat/)).toBeNull();
  });

  it('refetches the overview and comments when the SSE says comments arrived', async () => {
    let overviewCalls = 0;
    let commentCalls = 0;
    const { api } = liveApi((url) => {
      if (url === '/api/liveStreaming/c1/overview') {
        overviewCalls += 1;
        return jsonResponse(200, makeOverview({ entrantCount: overviewCalls === 1 ? 7 : 8 }));
      }
      if (url.includes('/comment')) {
        commentCalls += 1;
        const list =
          commentCalls === 1
            ? [makeComment()]
            : [makeComment({ id: 'cm2', authorName: '視聴者B', text: '新しいコメント' }), makeComment()];
        return jsonResponse(200, { list, nextCursor: null, total: list.length });
      }
      return undefined;
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    await screen.findByTestId('live-comment', {}, { timeout: 5000 });
    const source = FakeEventSource.instances.find((s) => s.url === '/api/liveStreaming/c1/events');
    expect(source).toBeTruthy();
    act(() => source!.emit('open'));
    expect(screen.getByTestId('live-indicator').getAttribute('data-connected')).toBe('true');
    act(() => source!.emit('comments', { type: 'comments', liveStreamId: 'ls1', added: 1, entrantCount: 8 }));
    expect(await screen.findByText('新しいコメント')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('entrant-count').textContent).toBe('8'));
  });

  it('refetches the winners when the SSE says a draw was revealed, and turns the schedule on', async () => {
    let winnerCalls = 0;
    const { api, calls } = liveApi((url, method) => {
      if (url === '/api/campaign/c1')
        return jsonResponse(200, makeCampaign({ drawMode: { type: 'everyNMinutes', minutes: 10 } }));
      if (url.includes('/scheduleWinner') && method === 'POST')
        return jsonResponse(200, {
          active: true,
          intervalMinutes: 10,
          nextRunAt: '2025-07-01T10:20:00.000Z',
        });
      if (url.startsWith('/api/liveStreaming/youtube/UCstreamer/vid1/winner') && method === 'GET') {
        winnerCalls += 1;
        return jsonResponse(
          200,
          makeWinnerList(winnerCalls === 1 ? {} : { winners: [makeWinner({ displayName: '自動の当選者' })] }),
        );
      }
      return undefined;
    });
    renderApp('/streamer/liveStreaming/c1', { account: makeAccount(), api });
    const toggle = await screen.findByRole(
      'switch',
      { name: '10 分ごとに自動で抽選する' },
      { timeout: 5000 },
    );
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((call) => call.url.includes('/scheduleWinner'))?.body).toEqual({ campaignId: 'c1' }),
    );
    expect(await screen.findByText(/次の抽選：/)).toBeTruthy();

    const source = FakeEventSource.instances.find((s) => s.url === '/api/liveStreaming/c1/events')!;
    act(() => source.emit('draw', { type: 'draw', drawId: 'd1', status: 'revealed' }));
    expect(await screen.findByText('自動の当選者')).toBeTruthy();
  });

  it('sends the streamer to the consent page to connect a platform, coming back here', async () => {
    const { browserNavigation } = await import('../../../lib/browser-navigation');
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const overview = makeOverview();
    overview.platforms[1] = { platform: 'twitcasting', enabled: true, connection: null, stream: null };
    const { api, calls } = liveApi((url) => {
      if (url === '/api/liveStreaming/c1/overview') return jsonResponse(200, overview);
      if (url.startsWith('/api/oauth/twitcasting/liveStreaming/url'))
        return jsonResponse(200, { url: 'https://consent.example/tc' });
      return undefined;
    });
    renderApp('/streamer/liveStreaming/c1?connectError=denied', { account: makeAccount(), api });
    expect(
      await screen.findByText('連携がキャンセルされました。もう一度お試しください。', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'ツイキャス を連携する' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://consent.example/tc'));
    expect(calls.length).toBeGreaterThan(0);
  });
});
