import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, PRIZE_STATES, prizeStateOf } from './delivery.routes.ts';
import { WINNER_STATUSES } from './draw.routes.ts';

describe('the prize states (one vocabulary for people, decision 0183)', () => {
  it('reads every delivery status as one prize state', () => {
    expect(DELIVERY_STATUSES.map((status) => [status, prizeStateOf(status)])).toEqual([
      ['queued', 'queued'],
      ['submitted', 'submitted'],
      ['confirmed', 'delivered'],
      ['failed', 'failed'],
      ['cancelled', 'failed'],
    ]);
  });

  it("a winner's status is a prize state, or drawn / excluded", () => {
    expect(WINNER_STATUSES).toEqual(['drawn', ...PRIZE_STATES, 'excluded']);
    expect(PRIZE_STATES).toEqual(['held', 'queued', 'submitted', 'delivered', 'failed']);
  });
});
