import type { Winner } from '@hanabi/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { WinnersTable } from './winners-table';

const base: Winner = {
  id: 'w1',
  drawId: 'd1',
  campaignId: 'c1',
  position: 0,
  entrantKey: 'youtube:u1',
  platform: 'youtube',
  platformUserId: 'u1',
  displayName: 'Alice',
  userId: null,
  status: 'drawn',
  reachable: true,
  deliveryId: null,
  deliveryStatus: null,
  txHash: null,
  excludedReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

function renderTable(winners: Winner[], onExclude: (winner: Winner, reason: string) => Promise<boolean>) {
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <WinnersTable winners={winners} onExclude={onExclude} />
      </Router>
    </AppProviders>,
  );
}

describe('WinnersTable', () => {
  it('shows a visible actions column and offers exclude only before the hand-over, saying why after', async () => {
    renderTable(
      [base, { ...base, id: 'w2', displayName: 'Bob', deliveryId: 'dl1', deliveryStatus: 'submitted' }],
      vi.fn(),
    );
    const table = await screen.findByTestId('winners-table');
    expect(within(table).getByRole('columnheader', { name: '操作' })).toBeTruthy();
    const [alice, bob] = within(table).getAllByTestId('winner-row');
    expect(within(alice!).getByRole('button', { name: 'Alice さんを除外' })).toBeTruthy();
    expect(within(bob!).queryByRole('button')).toBeNull();
    expect(within(bob!).getByTestId('exclude-unavailable').textContent).toBe(
      '配送に引き渡し済みのため除外できません',
    );
  });

  it('keeps the dialog (and the reason) open when the caller says to, and closes it when told', async () => {
    const onExclude = vi.fn<(winner: Winner, reason: string) => Promise<boolean>>();
    onExclude.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderTable([base], onExclude);
    fireEvent.click(await screen.findByRole('button', { name: 'Alice さんを除外' }));
    const reason = await screen.findByLabelText(/除外の理由/);
    fireEvent.change(reason, { target: { value: 'bot' } });
    fireEvent.click(screen.getByRole('button', { name: '除外して再抽選' }));
    await waitFor(() => expect(onExclude).toHaveBeenCalledTimes(1));
    expect(onExclude).toHaveBeenCalledWith(base, 'bot');
    expect((screen.getByLabelText(/除外の理由/) as HTMLInputElement).value).toBe('bot');
    fireEvent.click(screen.getByRole('button', { name: '除外して再抽選' }));
    await waitFor(() => expect(screen.queryByLabelText(/除外の理由/)).toBeNull());
    expect(onExclude).toHaveBeenCalledTimes(2);
  });
});
