import type { OverlayState } from '@hanabi/api';
import { LOCALE_STORAGE_KEY } from '../../../lib/i18n';
import { en } from '../../../lib/i18n/en';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { FakeEventSource } from '../../../test/live-fixtures';

function overlayState(overrides: Partial<OverlayState> = {}): OverlayState {
  return {
    campaignId: 'c1',
    campaignTitle: '夏祭りプレゼント',
    locale: 'ja',
    prizeName: '金の花火',
    prizeImageUrl: null,
    entrantCount: 1234,
    recentEntrants: ['視聴者A', '視聴者B'],
    latestDraw: null,
    ...overrides,
  };
}

const revealed: OverlayState['latestDraw'] = {
  id: 'd1',
  round: 1,
  revealedAt: '2025-07-01T10:10:05.000Z',
  entrantCount: 1234,
  winners: [{ entrantKey: 'youtube:UCa', displayName: '当選した視聴者' }],
  proofPath: '/draw/d1',
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/overlay/:id', { timeout: 20_000 }, () => {
  it('says "not found" for an unknown campaign, asks once and keeps no stream open', async () => {
    let asked = 0;
    renderApp('/overlay/nope?lang=en', {
      api: (url) => {
        if (url !== '/api/liveStreaming/nope/overlay') return undefined;
        asked += 1;
        return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Campaign not found.' } });
      },
    });
    const notFound = await screen.findByTestId('overlay-not-found', {}, { timeout: 5000 });
    expect(notFound.textContent).toContain('Campaign not found');
    expect(notFound.textContent).toContain('live room');
    expect(asked).toBe(1);
    // The stream opened with the page is closed once the campaign is known not to exist.
    expect(FakeEventSource.instances.every((source) => source.closed)).toBe(true);
  });

  it('shows the entrant count and ticker without the app shell, on a transparent page (signed out)', async () => {
    renderApp('/overlay/c1', {
      api: (url) => (url === '/api/liveStreaming/c1/overlay' ? jsonResponse(200, overlayState()) : undefined),
    });
    expect((await screen.findByTestId('overlay-entrants', {}, { timeout: 5000 })).textContent).toBe('1,234');
    expect(screen.getAllByTestId('overlay-ticker-name').map((el) => el.textContent)).toContain('視聴者A');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(document.body.style.background).toBe('transparent');
  });

  it("speaks ?lang= when given, else the streamer's language, without changing the app's", async () => {
    renderApp('/overlay/c1?lang=en', {
      api: (url) => (url === '/api/liveStreaming/c1/overlay' ? jsonResponse(200, overlayState()) : undefined),
    });
    expect(await screen.findByText(en.liveOverlay.entrants, {}, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).not.toBe('en');
  });

  it("speaks the streamer's language when the source asks none", async () => {
    renderApp('/overlay/c1', {
      api: (url) =>
        url === '/api/liveStreaming/c1/overlay'
          ? jsonResponse(200, overlayState({ locale: 'en' }))
          : undefined,
    });
    expect(await screen.findByText(en.liveOverlay.entrants, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the winners of the revealed draw with a QR code and the proof URL', async () => {
    renderApp('/overlay/c1?theme=light', {
      api: (url) =>
        url === '/api/liveStreaming/c1/overlay'
          ? jsonResponse(200, overlayState({ latestDraw: revealed }))
          : undefined,
    });
    expect((await screen.findByTestId('overlay-winner', {}, { timeout: 5000 })).textContent).toBe(
      '当選した視聴者',
    );
    expect(screen.getByTestId('overlay-proof-url').textContent).toBe(`${window.location.origin}/draw/d1`);
    expect(screen.getByTestId('overlay-draw').querySelector('svg')).toBeTruthy();
  });

  it('animates a draw revealed while open, then lands on the verified winners', async () => {
    let state = overlayState();
    renderApp('/overlay/c1', {
      api: (url) => (url === '/api/liveStreaming/c1/overlay' ? jsonResponse(200, state) : undefined),
    });
    await screen.findByTestId('overlay-entrants', {}, { timeout: 5000 });
    state = overlayState({ latestDraw: revealed });
    const source = FakeEventSource.instances.find((s) => s.url === '/api/liveStreaming/c1/events')!;
    act(() => source.emit('draw', { type: 'draw', drawId: 'd1', status: 'revealed' }));
    expect(await screen.findByText('抽選中…')).toBeTruthy();
    expect(screen.queryByTestId('overlay-winner')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('overlay-winner').textContent).toBe('当選した視聴者'), {
      timeout: 5000,
    });
  });
});
