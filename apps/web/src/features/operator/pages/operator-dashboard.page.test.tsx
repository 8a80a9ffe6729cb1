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
const operator = makeAccount({ role: 'operator', ...fields });

const zero = { queued: 0, submitted: 0, confirmed: 0, failed: 0, cancelled: 0 };
const figures = {
  signUpsStreamer: 0,
  signUpsAudience: 0,
  activeCampaigns: 0,
  deliveries: zero,
  gasUsed: '0',
  heldClaimsCreated: 0,
  heldClaimsReleased: 0,
  live: {
    youtube: { comments: 0, entrants: 0, eligible: 0, winners: 0, held: 0, delivered: 0 },
    twitcasting: { comments: 0, entrants: 0, eligible: 0, winners: 0, held: 0, delivered: 0 },
  },
  youtubeQuotaUsed: 0,
};

const noCampaigns = { scheduled: 0, live: 0, ended: 0 };

function answer(totals: Partial<typeof figures>, campaignsByStatus = noCampaigns, timeZone = 'UTC') {
  return {
    range: {
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-02T00:00:00.000Z',
      interval: 'day',
      timeZone,
    },
    series: [{ bucket: '2025-01-01T00:00:00.000Z', ...figures, ...totals }],
    totals: { ...figures, ...totals, transactions: 0, campaignsByStatus },
    byPlatform: [],
  };
}

describe('/operator/dashboard', () => {
  it('shows the totals of the range in the URL, live figures included', async () => {
    const urls: string[] = [];
    renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01&interval=day', {
      account: operator,
      api: (url) => {
        if (!url.startsWith('/api/admin/analytics/dashboard')) return undefined;
        urls.push(url);
        const live = {
          youtube: { ...figures.live.youtube, comments: 1200, winners: 3, eligible: 40, delivered: 2 },
          twitcasting: { ...figures.live.twitcasting, comments: 34, winners: 1, eligible: 5 },
        };
        return jsonResponse(
          200,
          answer({ signUpsStreamer: 3, signUpsAudience: 4, gasUsed: '21000', live, youtubeQuotaUsed: 950 }),
        );
      },
    });
    // The first test loads the page and chart chunks: give it time.
    expect((await screen.findByTestId('total-signups-value', {}, { timeout: 5000 })).textContent).toBe('7');
    expect(screen.getByTestId('total-gas-value').textContent).toBe('21,000');
    expect(screen.getByTestId('total-comments-value').textContent).toBe('1,234');
    expect(screen.getByTestId('total-comments').textContent).toContain('YouTube 1,200 ・ TwitCasting 34');
    expect(screen.getByTestId('total-winners-value').textContent).toBe('4');
    expect(screen.getByTestId('total-winners').textContent).toContain('抽選対象 45 ・ 保留 0 ・ 配布完了 2');
    expect(screen.getByTestId('total-quota-value').textContent).toBe('950');
    const query = new URL(urls[0]!, 'http://localhost').searchParams;
    expect(new Date(query.get('from')!).getTime()).toBe(new Date(2025, 0, 1).getTime());
    expect(new Date(query.get('to')!).getTime()).toBe(new Date(2025, 0, 2).getTime());
    expect(query.get('interval')).toBe('day');
  });

  it('splits the campaign card by status now and states the zone of every chart', async () => {
    const body = answer({ activeCampaigns: 3 }, { scheduled: 1, live: 1, ended: 2 }, 'Asia/Tokyo');
    body.totals.activeCampaigns = 4;
    renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01&interval=day', {
      account: operator,
      api: (url) => (url.startsWith('/api/admin/analytics/dashboard') ? jsonResponse(200, body) : undefined),
    });
    const card = await screen.findByTestId('total-campaigns', {}, { timeout: 5000 });
    expect(screen.getByTestId('total-campaigns-value').textContent).toBe('4');
    // The range held four (one scheduled, one live, two ended now); the busiest day had three.
    expect(card.textContent).toContain('現在 開催中 1 ・ 開催予定 1 ・ 終了 2（1日の最多 3）');
    expect((await screen.findByTestId('chart-campaigns-zone')).textContent).toBe('Asia/Tokyo の日ごと');
    expect(screen.getByTestId('chart-deliveries-zone').textContent).toBe('Asia/Tokyo の日ごと');
    expect(screen.getByTestId('chart-quota-zone').textContent).toContain('太平洋時間');
    expect(screen.getByTestId('chart-platforms-zone').textContent).toBe('期間合計（Asia/Tokyo）');
  });

  it("shows the Google project's YouTube quota today, all streams together, and when it runs out", async () => {
    renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01&interval=day', {
      account: operator,
      api: (url) => {
        if (url.startsWith('/api/admin/analytics/dashboard')) return jsonResponse(200, answer({}));
        if (url === '/api/admin/youtube/quota') {
          return jsonResponse(200, {
            day: '2026-11-26',
            used: 6120,
            limit: 10_000,
            left: 3880,
            ratePerHour: 1500,
            runsOutAt: null,
            resetsAt: '2026-11-27T08:00:00.000Z',
          });
        }
        return undefined;
      },
    });
    await screen.findByTestId('project-quota', {}, { timeout: 5000 });
    expect(screen.getByTestId('project-quota-value').textContent).toBe('6,120 / 10,000');
    expect(screen.getByTestId('project-quota').textContent).toContain(
      '残り 3,880 ・ 毎時 1,500 ・ リセットまで持ちます',
    );
  });

  it("warns when the signer's balance is low, with the way to the system page, and says nothing when it is fine", async () => {
    const funds = (warning: 'low' | 'none') => ({
      chainId: 137,
      signer: '0x1234567890abcdef1234567890abcdef12345678',
      current: { balanceWei: '1000', gasPriceWei: '1', covers: { deliveries: 12, draws: 0 } },
      spendPerDayWei: null,
      runsOutAt: null,
      warning,
      samples: [],
    });
    const body = answer({}, { scheduled: 0, live: 0, ended: 0 }, 'Asia/Tokyo');
    const view = renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01&interval=day', {
      account: operator,
      api: (url) =>
        url === '/api/admin/signer/funds'
          ? jsonResponse(200, funds('low'))
          : url.startsWith('/api/admin/analytics/dashboard')
            ? jsonResponse(200, body)
            : undefined,
    });
    const warning = await screen.findByTestId('signer-funds-warning', {}, { timeout: 5000 });
    expect(warning.textContent).toContain('署名者の残高が少なくなっています');
    const link = screen.getByRole('link', { name: 'システム診断で残高を見る' });
    expect(link.getAttribute('href')).toBe('/operator/system');
    view.unmount();

    let asked = false;
    renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01&interval=day', {
      account: operator,
      api: (url) =>
        url === '/api/admin/signer/funds'
          ? ((asked = true), jsonResponse(200, funds('none')))
          : url.startsWith('/api/admin/analytics/dashboard')
            ? jsonResponse(200, body)
            : undefined,
    });
    await screen.findByTestId('total-campaigns', {}, { timeout: 5000 });
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('signer-funds-warning')).toBeNull();
  });

  it('says so when the range has no data, and refuses a reversed range', async () => {
    renderApp('/operator/dashboard?from=2025-01-01&to=2025-01-01', {
      account: operator,
      api: (url) =>
        url.startsWith('/api/admin/analytics/dashboard') ? jsonResponse(200, answer({})) : undefined,
    });
    expect(await screen.findByText('この期間のデータはまだありません。')).toBeTruthy();
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2025-02-01' } });
    await waitFor(() => expect((screen.getByTestId('range-apply') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole('alert').textContent).toContain('終了日は開始日より後');
  });

  it('shows the server error in the page’s language (decision 0205)', async () => {
    renderApp('/operator/dashboard', {
      account: operator,
      api: (url) =>
        url.startsWith('/api/admin/analytics/dashboard')
          ? jsonResponse(400, {
              error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid: query.to.' },
            })
          : undefined,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('入力内容を確認してください。');
  });

  it('shows a non-operator the operator-only page instead', async () => {
    renderApp('/operator/dashboard', { account: makeAccount({ role: 'user', ...fields }) });
    expect(await screen.findByText('運営者専用のページです')).toBeTruthy();
  });
});
