import type { ExclusionReason, Winner } from '@hanabi/api';
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
  distributedAt: null,
  excludedReason: null,
  excludedReasonCode: null,
  excludedAt: null,
  replacedBy: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

type OnExclude = (winner: Winner, reasonCode: ExclusionReason, note: string) => Promise<boolean>;

function renderTable(winners: Winner[], onExclude: OnExclude) {
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <WinnersTable winners={winners} onExclude={onExclude} />
      </Router>
    </AppProviders>,
  );
}

describe('WinnersTable', () => {
  it('shows a visible actions column and offers exclude only before distribution, saying why after', async () => {
    const distributedAt = '2026-11-25T10:05:00.000Z';
    renderTable(
      [
        base,
        {
          ...base,
          id: 'w2',
          displayName: 'Bob',
          status: 'submitted',
          deliveryId: 'dl1',
          deliveryStatus: 'submitted',
          distributedAt,
        },
        // Held until Carol links: no delivery yet, but the server refuses to exclude her all the same.
        { ...base, id: 'w3', displayName: 'Carol', status: 'held', reachable: false, distributedAt },
      ],
      vi.fn(),
    );
    const table = await screen.findByTestId('winners-table');
    expect(within(table).getByRole('columnheader', { name: '操作' })).toBeTruthy();
    const [alice, bob, carol] = within(table).getAllByTestId('winner-row');
    expect(within(alice!).getByRole('button', { name: 'Alice さんを除外' })).toBeTruthy();
    for (const row of [bob!, carol!]) {
      expect(within(row).queryByRole('button')).toBeNull();
      expect(within(row).getByTestId('exclude-unavailable').textContent).toBe('配布済み');
    }
  });

  it('asks for a reason from the list, and for words when it is "other"', async () => {
    const onExclude = vi.fn<OnExclude>().mockResolvedValue(true);
    renderTable([base], onExclude);
    fireEvent.click(await screen.findByRole('button', { name: 'Alice さんを除外' }));
    const confirm = screen.getByRole('button', { name: '除外して再抽選' });
    expect(confirm).toHaveProperty('disabled', true);
    const reason = (await screen.findByLabelText(/除外の理由/)) as HTMLSelectElement;
    expect([...reason.options].slice(1).map((option) => option.textContent)).toEqual([
      '参加条件を満たしていない',
      '重複アカウント',
      'ルール違反',
      '連絡が取れない',
      '辞退',
      'その他',
    ]);
    fireEvent.change(reason, { target: { value: 'other' } });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/説明/), { target: { value: ' 本人確認できず ' } });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onExclude).toHaveBeenCalledWith(base, 'other', '本人確認できず'));
  });

  it('keeps the dialog (and the reason) open when the caller says to, and closes it when told', async () => {
    const onExclude = vi.fn<OnExclude>();
    onExclude.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderTable([base], onExclude);
    fireEvent.click(await screen.findByRole('button', { name: 'Alice さんを除外' }));
    const reason = await screen.findByLabelText(/除外の理由/);
    fireEvent.change(reason, { target: { value: 'ruleViolation' } });
    fireEvent.change(screen.getByLabelText(/説明/), { target: { value: 'bot' } });
    fireEvent.click(screen.getByRole('button', { name: '除外して再抽選' }));
    await waitFor(() => expect(onExclude).toHaveBeenCalledTimes(1));
    expect(onExclude).toHaveBeenCalledWith(base, 'ruleViolation', 'bot');
    expect((screen.getByLabelText(/説明/) as HTMLTextAreaElement).value).toBe('bot');
    fireEvent.click(screen.getByRole('button', { name: '除外して再抽選' }));
    await waitFor(() => expect(screen.queryByLabelText(/除外の理由/)).toBeNull());
    expect(onExclude).toHaveBeenCalledTimes(2);
  });
});
