import type { CampaignResults } from '@hanabi/api';
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { makeCampaign } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount, unauthenticated } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { FakeEventSource } from '../../../test/live-fixtures';
import { CampaignResultsSection } from './campaign-results-section';

const winner = {
  platform: 'youtube' as const,
  excluded: false,
  exclusion: null,
  replacedBy: null,
  awaitingLink: false,
};

/** Newest first: a re-draw replacing an excluded winner, the draw it came from, and a failed first round. */
const RESULTS: CampaignResults = {
  campaignId: 'c1',
  campaignStatus: 'ended',
  streams: [],
  draws: [
    {
      id: 'd3',
      round: 3,
      status: 'revealed',
      trigger: 'redraw',
      entrantCount: 4,
      createdAt: '2025-07-01T10:30:00.000Z',
      revealedAt: '2025-07-01T10:30:05.000Z',
      failureCode: null,
      withheld: null,
      redrawOf: 'd2',
      replaces: [{ winnerId: 'w1', displayName: 'ゆき' }],
      winners: [{ ...winner, id: 'w2', displayName: 'はると' }],
    },
    {
      id: 'd2',
      round: 2,
      status: 'revealed',
      trigger: 'manual',
      entrantCount: 5,
      createdAt: '2025-07-01T10:00:00.000Z',
      revealedAt: '2025-07-01T10:00:05.000Z',
      failureCode: null,
      withheld: null,
      redrawOf: null,
      replaces: [],
      winners: [
        {
          ...winner,
          id: 'w1',
          displayName: 'ゆき',
          excluded: true,
          exclusion: {
            reasonCode: 'declined',
            note: '辞退の連絡がありました',
            at: '2025-07-01T10:20:00.000Z',
          },
          replacedBy: 'd3',
        },
      ],
    },
    {
      id: 'd1',
      round: 1,
      status: 'failed',
      trigger: 'manual',
      entrantCount: 0,
      createdAt: '2025-07-01T09:00:00.000Z',
      revealedAt: null,
      failureCode: 'noEntrants',
      withheld: null,
      redrawOf: null,
      replaces: [],
      winners: [],
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CampaignResultsSection', () => {
  it('shows every draw as one history: the failed round, the exclusion with its reason, the re-draw', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/campaign/c1/results' ? jsonResponse(200, RESULTS) : unauthenticated(),
      ),
    );
    render(
      <AppProviders queryClient={createQueryClient()} mantineEnv="test">
        <Router hook={memoryLocation({ path: '/campaign/c1' }).hook}>
          <CampaignResultsSection campaignId="c1" />
        </Router>
      </AppProviders>,
    );
    const cards = await screen.findAllByTestId('result-draw');
    expect(cards.map((card) => card.getAttribute('data-status'))).toEqual(['revealed', 'revealed', 'failed']);
    expect(within(cards[0]!).getByTestId('history-replaces').textContent).toBe(
      'ゆき さんの代わりの再抽選。元の抽選： 第 2 回',
    );
    expect(within(cards[0]!).getByRole('link', { name: '第 2 回' }).getAttribute('href')).toBe('/draw/d2');
    expect(within(cards[1]!).getByTestId('history-exclusion').textContent).toMatch(/^除外：辞退（.+）$/);
    expect(cards[1]!.textContent).toContain('配信者のコメント：「辞退の連絡がありました」');
    expect(within(cards[1]!).getByRole('link', { name: '第 3 回' }).getAttribute('href')).toBe('/draw/d3');
    expect(within(cards[2]!).getByTestId('history-failure').textContent).toBe(
      '参加条件を満たすコメントがなかったため、当選者なしで終わりました',
    );
    expect(within(cards[2]!).getByTestId('history-status').textContent).toBe('失敗');
  });

  it('names each "Is this you?" button after its winner: its visible text, then whose prize it is', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const held = { ...winner, awaitingLink: true };
    const results: CampaignResults = {
      ...RESULTS,
      draws: [
        {
          ...RESULTS.draws[0]!,
          winners: [
            { ...held, id: 'w1', displayName: 'ゆき' },
            { ...held, id: 'w2', displayName: 'はると' },
          ],
        },
      ],
    };
    renderApp('/campaign/c1', {
      account: makeAccount({ type: 'audience' }),
      api: (url) => {
        if (url === '/api/campaign/c1/results') return jsonResponse(200, results);
        if (url.startsWith('/api/campaign/c1?') || url === '/api/campaign/c1') {
          return jsonResponse(200, makeCampaign({ id: 'c1', status: 'ended' }));
        }
        return undefined;
      },
    });
    const buttons = await screen.findAllByTestId('result-claim');
    const visible = 'あなたですか？ YouTube アカウントを連携すると受け取れます';
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      [visible, `${visible}（当選者: ゆき）`],
      [visible, `${visible}（当選者: はると）`],
    ]);
  });
});
