import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoctorReport } from '@hanabi/api';
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

  it('is in the operator menu', async () => {
    renderApp('/operator/system', {
      account: operator,
      api: (url) => (url === '/api/admin/doctor' ? jsonResponse(200, report('ok')) : undefined),
    });
    const link = await screen.findByRole('link', { name: /システム診断/ }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/operator/system');
  });
});
