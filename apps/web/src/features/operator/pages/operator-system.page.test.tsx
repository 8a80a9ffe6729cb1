import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoctorReport, SignerFunds, YouTubeQuotaToday } from '@hanabi/api';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = makeAccount({ id: 'op_1', role: 'operator', collectionPublic: false });

const report = (storage: 'ok' | 'fail'): DoctorReport => ({
  ok: storage === 'ok',
  mode: 'production',
  checkedAt: '2026-11-29T01:00:00.000Z',
  checks: [
    {
      id: 'database',
      status: 'ok',
      required: true,
      summary: 'PostgreSQL answers',
      fix: null,
      details: [],
      durationMs: 5,
    },
    {
      id: 'storage',
      status: storage,
      required: true,
      summary:
        storage === 'ok' ? 'put, read back and deleted a probe object' : 'S3 does not answer: ECONNREFUSED',
      fix: storage === 'ok' ? null : 'Check S3_ENDPOINT',
      details: ['bucket hanabi-assets'],
      durationMs: 12,
    },
    {
      id: 'youtube',
      status: 'skip',
      required: false,
      summary: 'not configured',
      fix: null,
      details: [],
      durationMs: 0,
    },
  ],
});

describe('/operator/system', () => {
  it('shows each check with its state, and runs again when asked', async () => {
    let calls = 0;
    renderApp('/operator/system', {
      account: operator,
      api: (url) => {
        if (url !== '/api/admin/doctor') return undefined;
        calls += 1;
        return jsonResponse(200, report(calls === 1 ? 'fail' : 'ok'));
      },
    });
    const storage = await screen.findByTestId('doctor-check-storage', {}, { timeout: 5000 });
    expect(storage.dataset.status).toBe('fail');
    expect(storage.textContent).toContain('S3 does not answer');
    expect(storage.textContent).toContain('Check S3_ENDPOINT');
    expect(screen.getByTestId('doctor-summary').textContent).toContain(
      '必須の項目のうち 1 件に問題があります。',
    );
    expect(screen.getByTestId('doctor-check-youtube').dataset.status).toBe('skip');

    fireEvent.click(screen.getByRole('button', { name: 'もう一度診断する' }));
    await waitFor(() => expect(screen.getByTestId('doctor-check-storage').dataset.status).toBe('ok'));
    expect(screen.getByTestId('doctor-summary').textContent).toContain('必須の項目はすべて正常です。');
    expect(calls).toBe(2);
  });

  it('says when the check could not run', async () => {
    renderApp('/operator/system', {
      account: operator,
      api: (url) =>
        url === '/api/admin/doctor'
          ? jsonResponse(503, { error: { code: 'UNAVAILABLE', reason: 'unavailable', message: 'down' } })
          : undefined,
    });
    expect(await screen.findByText('診断を実行できませんでした。', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the signer's funds with a run-out warning, and today's YouTube quota", async () => {
    const ether = 10n ** 18n;
    const funds: SignerFunds = {
      chainId: 137,
      signer: '0x1234567890abcdef1234567890abcdef12345678',
      current: {
        balanceWei: (3n * ether).toString(),
        gasPriceWei: '30000000000',
        covers: { deliveries: 3494, draws: 1190 },
      },
      spendPerDayWei: ether.toString(),
      runsOutAt: '2026-12-02T01:00:00.000Z',
      warning: 'soon',
      samples: [
        { at: '2026-11-28T01:00:00.000Z', balanceWei: (4n * ether).toString() },
        { at: '2026-11-29T01:00:00.000Z', balanceWei: (3n * ether).toString() },
      ],
    };
    const quota: YouTubeQuotaToday = {
      day: '2026-11-28',
      used: 1200,
      limit: 10000,
      left: 8800,
      ratePerHour: 300,
      runsOutAt: null,
      resetsAt: '2026-11-29T08:00:00.000Z',
    };
    renderApp('/operator/system', {
      account: operator,
      api: (url) =>
        url === '/api/admin/signer/funds'
          ? jsonResponse(200, funds)
          : url === '/api/admin/youtube/quota'
            ? jsonResponse(200, quota)
            : url === '/api/admin/doctor'
              ? jsonResponse(200, report('ok'))
              : undefined,
    });
    const warning = await screen.findByTestId('signer-funds-warning', {}, { timeout: 5000 });
    expect(warning.dataset.warning).toBe('soon');
    expect(warning.textContent).toContain('署名者の残高が 1 週間以内に尽きる見込みです');
    expect(warning.textContent).toContain(funds.signer);
    expect(screen.getByTestId('signer-funds-balance').textContent).toBe('3');
    expect(screen.getByTestId('signer-funds-covers').textContent).toContain('配布 約 3,494 件');
    expect(screen.getByTestId('signer-funds-pace').textContent).toContain('1 日あたり 1。');
    const quotaCard = await screen.findByTestId('project-quota');
    expect(quotaCard.textContent).toContain('1,200 / 10,000');
    expect(quotaCard.textContent).toContain('残り 8,800');
  });

  it('is in the operator menu', async () => {
    renderApp('/operator/system', {
      account: operator,
      api: (url) => (url === '/api/admin/doctor' ? jsonResponse(200, report('ok')) : undefined),
    });
    const link = await screen.findByRole('link', { name: /システム診断/ }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/operator/system');
  });
});
