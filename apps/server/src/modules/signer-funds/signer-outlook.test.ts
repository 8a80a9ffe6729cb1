import { describe, expect, it } from 'vitest';
import { GAS_PER_DELIVERY, LOW_BALANCE } from './signer-costs.ts';
import { signerOutlook, spendPerDay } from './signer-outlook.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;
const now = new Date('2026-11-29T12:00:00Z');
const at = (msAgo: number) => new Date(now.getTime() - msAgo);

describe('spendPerDay', () => {
  it('is the drops over the time the samples span', () => {
    // 2 ETH spent over 2 days, in two drops.
    const samples = [
      { at: at(2 * DAY), balanceWei: 10n * ETH },
      { at: at(DAY), balanceWei: 9n * ETH },
      { at: now, balanceWei: 8n * ETH },
    ];
    expect(spendPerDay(samples, now)).toBe(ETH);
  });

  it('does not count a top-up, so topping up does not hide the pace', () => {
    const samples = [
      { at: at(2 * DAY), balanceWei: 3n * ETH },
      { at: at(DAY + HOUR), balanceWei: 2n * ETH },
      { at: at(DAY), balanceWei: 12n * ETH }, // topped up
      { at: now, balanceWei: 11n * ETH },
    ];
    expect(spendPerDay(samples, now)).toBe(ETH);
  });

  it('reads only the last week', () => {
    const samples = [
      { at: at(10 * DAY), balanceWei: 100n * ETH }, // a big old spend, outside the window
      { at: at(2 * DAY), balanceWei: 10n * ETH },
      { at: now, balanceWei: 10n * ETH },
    ];
    expect(spendPerDay(samples, now)).toBe(0n);
  });

  it('says nothing under an hour of samples', () => {
    expect(spendPerDay([{ at: now, balanceWei: ETH }], now)).toBeNull();
    expect(
      spendPerDay(
        [
          { at: at(30 * 60_000), balanceWei: 2n * ETH },
          { at: now, balanceWei: ETH },
        ],
        now,
      ),
    ).toBeNull();
  });
});

describe('signerOutlook', () => {
  const plenty = LOW_BALANCE.draws * 84_003n * 10n * GWEI * 100n;

  it('forecasts the run-out at the pace and warns within a week', () => {
    const outlook = signerOutlook({ balanceWei: plenty, gasPriceWei: 10n * GWEI }, plenty / 3n, now);
    expect(outlook.runsOutAt!.getTime()).toBeCloseTo(now.getTime() + 3 * DAY, -4);
    expect(outlook.warning).toBe('soon');
    const calm = signerOutlook({ balanceWei: plenty, gasPriceWei: 10n * GWEI }, plenty / 30n, now);
    expect(calm.warning).toBe('none');
    expect(signerOutlook({ balanceWei: plenty, gasPriceWei: 10n * GWEI }, 0n, now)).toMatchObject({
      runsOutAt: null,
      warning: 'none',
    });
  });

  it('is low under the floor and empty when one delivery cannot be paid', () => {
    const gasPriceWei = 10n * GWEI;
    const low = signerOutlook({ balanceWei: gasPriceWei * GAS_PER_DELIVERY * 500n, gasPriceWei }, null, now);
    expect(low.warning).toBe('low');
    expect(low.covers!.deliveries).toBe(500);
    const empty = signerOutlook({ balanceWei: gasPriceWei * GAS_PER_DELIVERY - 1n, gasPriceWei }, null, now);
    expect(empty.warning).toBe('empty');
    expect(signerOutlook({ balanceWei: 0n, gasPriceWei: 0n }, null, now).warning).toBe('empty');
  });

  it('never calls free gas low, and is unknown without a reading', () => {
    expect(signerOutlook({ balanceWei: 1n, gasPriceWei: 0n }, null, now)).toMatchObject({
      covers: null,
      warning: 'none',
    });
    expect(signerOutlook(null, ETH, now).warning).toBe('unknown');
  });
});
