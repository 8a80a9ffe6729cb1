import type { DrawSummary } from '@hanabi/api';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { FreezeWait, waitingDraw } from './freeze-wait';

// T in the local time zone, so its clock time reads the same wherever the test runs.
const T = new Date(2026, 10, 25, 21, 4, 9);
const draw: DrawSummary = {
  id: 'd1',
  campaignId: 'c1',
  round: 1,
  status: 'open',
  trigger: 'manual',
  commitment: 'a'.repeat(64),
  entrantsHash: null,
  entrantCount: null,
  winnerCount: 1,
  beacon: null,
  seed: null,
  redrawOf: null,
  failure: null,
  failureCode: null,
  createdAt: T.toISOString(),
  closedAt: T.toISOString(),
  freeze: { waitUntil: new Date(T.getTime() + 30_000).toISOString(), frozenAt: null, behind: null },
  revealedAt: null,
};

function renderWait() {
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <FreezeWait draw={draw} />
    </AppProviders>,
  );
}

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('ja');
});

describe('the live room while a draw waits for its comments (decision 0204)', () => {
  it('finds only the draw that waits: T fixed, entrants not frozen yet', () => {
    const frozen = {
      ...draw,
      id: 'd0',
      status: 'closed' as const,
      freeze: { ...draw.freeze!, frozenAt: 'x', behind: [] },
    };
    expect(waitingDraw([frozen, draw])?.id).toBe('d1');
    expect(waitingDraw([frozen])).toBeNull();
    expect(waitingDraw([{ ...draw, closedAt: null, freeze: null }])).toBeNull();
  });

  it('says in Japanese for comments up to when it waits, how long so far and at most, and counts on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(T.getTime() + 4_000));
    renderWait();
    expect(screen.getByTestId('freeze-wait').textContent).toContain(
      '21:04:09 までのコメントが届くのを待っています…',
    );
    expect(screen.getByTestId('freeze-wait-elapsed').textContent).toBe(
      '締切前に投稿されたコメントが読み込まれてから参加者を固定します（4 秒経過、最長 30 秒）。',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String((4 / 30) * 100));
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('freeze-wait-elapsed').textContent).toContain('7 秒経過');
  });

  it('says the same in English, and never counts past its limit', async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(T.getTime() + 45_000));
    renderWait();
    expect(screen.getByTestId('freeze-wait').textContent).toContain(
      'Waiting for comments up to 21:04:09 to arrive…',
    );
    expect(screen.getByTestId('freeze-wait-elapsed').textContent).toBe(
      'The entrants are frozen once the comments written before the close have been read (30 s so far, 30 s at most).',
    );
  });
});
