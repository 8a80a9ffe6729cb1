import { PAGE_DATA_ELEMENT_ID, type PublicDraw } from '@hanabi/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../lib/i18n/en';
import { i18n } from '../../lib/i18n';
import { ja } from '../../lib/i18n/ja';
import { resetPageData } from '../../lib/page-data';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { drawProofFirstPaint } from './draw-proof.first-paint';

const HEX = (char: string) => char.repeat(64);
/** What a streamer or the chat could have typed: every name of the draw is theirs. */
const HOSTILE = `<img src=x onerror="alert(1)"> & 'quoted' </li><script>`;

function draw(overrides: Partial<PublicDraw> = {}): PublicDraw {
  return {
    id: 'd1',
    campaignId: 'c1',
    round: 3,
    status: 'revealed',
    trigger: 'manual',
    commitment: HEX('a'),
    entrantsHash: HEX('b'),
    entrantCount: 12345,
    winnerCount: 2,
    beacon: { source: 'chain:31337', round: '42', value: HEX('c') },
    seed: HEX('d'),
    redrawOf: 'd0',
    failureCode: null,
    createdAt: '2025-07-01T10:00:00.000Z',
    closedAt: '2025-07-01T10:10:00.000Z',
    freeze: null,
    revealedAt: '2025-07-01T10:10:05.000Z',
    campaignTitle: `夏祭り ${HOSTILE}`,
    streamerName: `はなび ${HOSTILE}`,
    algorithm: 'hanabi-draw-v1',
    secret: HEX('e'),
    winners: [
      { entrantKey: 'youtube:UCone', displayName: `当選者 ${HOSTILE}`, excluded: false },
      { entrantKey: 'youtube:UCtwo', displayName: 'Excluded one', excluded: true },
    ],
    redraws: ['d2', 'd3'],
    withheld: null,
    history: HISTORY,
    beaconVerdict: { status: 'practice', problem: null },
    record: null,
    ...overrides,
  };
}

/** The campaign's draws: this one (d1, a re-draw of d0), a failed one, and d0 with an exclusion. */
const HISTORY: PublicDraw['history'] = [
  {
    id: 'd4',
    round: 4,
    status: 'failed',
    trigger: 'manual',
    entrantCount: 0,
    createdAt: '2025-07-01T11:00:00.000Z',
    revealedAt: null,
    failureCode: 'noEntrants',
    withheld: null,
    redrawOf: null,
    replaces: [],
    winners: [],
  },
  {
    id: 'd1',
    round: 3,
    status: 'revealed',
    trigger: 'redraw',
    entrantCount: 12345,
    createdAt: '2025-07-01T10:00:00.000Z',
    revealedAt: '2025-07-01T10:10:05.000Z',
    failureCode: null,
    withheld: null,
    redrawOf: 'd0',
    replaces: [{ winnerId: 'w0', displayName: `除外 ${HOSTILE}` }],
    winners: [
      {
        id: 'w1',
        platform: 'youtube',
        displayName: `当選者 ${HOSTILE}`,
        excluded: false,
        exclusion: null,
        replacedBy: null,
        awaitingLink: false,
      },
    ],
  },
  {
    id: 'd0',
    round: 2,
    status: 'revealed',
    trigger: 'manual',
    entrantCount: 12346,
    createdAt: '2025-07-01T09:00:00.000Z',
    revealedAt: '2025-07-01T09:10:05.000Z',
    failureCode: null,
    withheld: null,
    redrawOf: null,
    replaces: [],
    winners: [
      {
        id: 'w0',
        platform: 'youtube',
        displayName: `除外 ${HOSTILE}`,
        excluded: true,
        exclusion: {
          reasonCode: 'duplicateAccount',
          note: `同じ人 ${HOSTILE}`,
          at: '2025-07-01T09:30:00.000Z',
        },
        replacedBy: 'd1',
        awaitingLink: false,
      },
    ],
  },
];

const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

function painted(markup: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = markup;
  element.querySelector('style')?.remove();
  return element;
}

/** The proof page as React draws it first: the draw, its proof still on the way (the check has not started). */
async function reactPage(shown: PublicDraw) {
  const view = renderApp(`/draw/${shown.id}`, {
    api: (url) => {
      if (url === `/api/draw/${shown.id}`) return jsonResponse(200, shown);
      if (url === `/api/draw/${shown.id}/proof`) return new Promise<Response>(() => undefined);
      return undefined;
    },
  });
  await screen.findByTestId('verify-command');
  return { ...view, page: document.querySelector('#main-content .mantine-Container-root')! };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  resetPageData();
  await i18n.changeLanguage('ja');
});

/**
 * The server draws the proof page from this markup before any script runs (decision 0194); React then puts the
 * page in its place. Their texts must be the same, in the same order, or the swap shows (and moves what follows).
 */
describe('the draw proof page drawn before the app', { timeout: 20_000 }, () => {
  it.each([
    ['revealed, a re-draw with re-draws and an excluded winner', draw()],
    [
      'closed, waiting for the beacon',
      draw({
        status: 'closed',
        beacon: null,
        seed: null,
        secret: null,
        winners: [],
        redraws: [],
        redrawOf: null,
      }),
    ],
    ['failed', draw({ status: 'failed', failureCode: 'beaconRefused', winners: [], redraws: [] })],
    [
      'committed, its round out and the result withheld past its due time',
      draw({
        status: 'closed',
        seed: null,
        secret: null,
        winners: [],
        redraws: [],
        withheld: { since: '2025-07-01T10:20:30.000Z', sealed: true },
        history: [
          {
            ...HISTORY[0]!,
            status: 'closed',
            withheld: { since: '2025-07-01T10:20:30.000Z', sealed: false },
          },
        ],
      }),
    ],
    ['open, nothing hashed yet', draw({ status: 'open', entrantsHash: null, beacon: null, winners: [] })],
    ['the first draw of its campaign, no history yet', draw({ redrawOf: null, redraws: [], history: [] })],
    [
      'frozen once every chat was read past T',
      draw({
        freeze: { waitUntil: '2025-07-01T10:10:30.000Z', frozenAt: '2025-07-01T10:10:02.000Z', behind: [] },
      }),
    ],
    [
      'frozen at the wait limit with chats behind',
      draw({
        freeze: {
          waitUntil: '2025-07-01T10:10:30.000Z',
          frozenAt: '2025-07-01T10:10:30.000Z',
          behind: [
            { platform: 'youtube', readThrough: '2025-07-01T10:09:58.000Z' },
            { platform: 'twitcasting', readThrough: null },
          ],
        },
      }),
    ],
    [
      'waiting for comments up to T',
      draw({
        status: 'open',
        beacon: null,
        seed: null,
        secret: null,
        winners: [],
        freeze: { waitUntil: '2025-07-01T10:10:30.000Z', frozenAt: null, behind: null },
      }),
    ],
  ])('says what the page says, in order, in Japanese (%s)', async (_name, shown) => {
    const { page } = await reactPage(shown);
    const paint = painted(drawProofFirstPaint(ja, shown, { origin: window.location.origin, locale: 'ja' }));
    expect(textOf(paint)).toBe(textOf(page));
    // Hostile names are text, never markup.
    expect(paint.querySelector('img, script')).toBeNull();
    expect(paint.querySelectorAll('a').length).toBe(page.querySelectorAll('a').length);
  });

  it('says what the page says in English', async () => {
    await i18n.changeLanguage('en');
    const shown = draw();
    const { page } = await reactPage(shown);
    const paint = painted(drawProofFirstPaint(en, shown, { origin: window.location.origin, locale: 'en' }));
    expect(textOf(paint)).toBe(textOf(page));
    expect(textOf(paint)).toContain('12,345');
    // The history: a failed draw says why, a re-draw whom it replaces, an exclusion its reason and words.
    expect(textOf(paint)).toContain('No comment met the entry rule, so it ended without winners');
    expect(textOf(paint)).toContain('Re-draw replacing 除外');
    expect(textOf(paint)).toMatch(/Excluded: Duplicate account \(.+\)/);
    expect(textOf(paint)).toContain('Streamer’s words: “同じ人');
  });

  it.each([
    ['verified', 'teal'],
    ['practice', 'yellow'],
    ['failed', 'red'],
  ] as const)(
    'colours a revealed draw whose beacon the server found %s as the page does',
    async (status, colour) => {
      const shown = draw({
        beaconVerdict: {
          status,
          problem: status === 'failed' ? { code: 'signature-invalid', message: 'x' } : null,
        },
      });
      const { page } = await reactPage(shown);
      const paint = painted(drawProofFirstPaint(ja, shown, { origin: window.location.origin, locale: 'ja' }));
      const painted_ = paint.querySelector<HTMLElement>('.fp-draw-badge')!.getAttribute('style')!;
      expect(painted_).toContain(`var(--mantine-color-${colour}-9)`);
      const badge = page.querySelector<HTMLElement>('.mantine-Badge-root')!;
      expect(badge.textContent).toBe('公開済み');
      expect(badge.getAttribute('style')).toContain(`var(--mantine-color-${colour}-9)`);
    },
  );

  it('escapes every text of the draw and every link it draws', () => {
    const shown = draw({ redrawOf: '"><script>', redraws: ['x"y'] });
    const markup = drawProofFirstPaint(ja, shown, { origin: 'https://hanabi.example', locale: 'ja' });
    expect(markup).not.toMatch(/<img|<script|onerror="/);
    expect(markup).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; &#39;quoted&#39;');
    expect(markup).toContain('href="/draw/%22%3E%3Cscript%3E"');
    expect(markup).toContain('href="/draw/x%22y"');
    expect(markup).toContain('npm run verify-draw -- https://hanabi.example/draw/d1');
  });
});

describe('a proof page served with its draw', () => {
  it('shows the draw at once and does not ask the API for it again', async () => {
    const shown = draw();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    script.textContent = JSON.stringify({ draw: shown });
    document.body.append(script);
    resetPageData();
    const { fetchMock } = renderApp('/draw/d1', {
      api: (url) => (url === '/api/draw/d1/proof' ? new Promise<Response>(() => undefined) : undefined),
    });
    expect((await screen.findByTestId('proof-commitment')).textContent).toBe(shown.commitment);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/draw/d1');
  });
});
