import { SIGNER_RUNWAY_WARN_DAYS, type SignerFundsWarning } from '@hanabi/api';
import { coverage, GAS_PER_DELIVERY, isLow } from './signer-costs.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The pace is the recent week's: older spending says little about this week's campaigns. */
const PACE_WINDOW_DAYS = 7;

export interface BalanceSample {
  at: Date;
  balanceWei: bigint;
}

/**
 * Wei spent per day over the last week of samples: every drop between consecutive samples, over the time they
 * span. A rise is a top-up and counts as nothing, so topping up does not hide the pace. Null under an hour of
 * samples (too short to say anything).
 */
export function spendPerDay(samples: readonly BalanceSample[], now: Date): bigint | null {
  const from = now.getTime() - PACE_WINDOW_DAYS * DAY_MS;
  const recent = samples.filter((sample) => sample.at.getTime() >= from);
  if (recent.length < 2) return null;
  const spanMs = recent.at(-1)!.at.getTime() - recent[0]!.at.getTime();
  if (spanMs < HOUR_MS) return null;
  let spent = 0n;
  for (let index = 1; index < recent.length; index += 1) {
    const drop = recent[index - 1]!.balanceWei - recent[index]!.balanceWei;
    if (drop > 0n) spent += drop;
  }
  return (spent * BigInt(DAY_MS)) / BigInt(spanMs);
}

/** What the balance pays for, when it runs out at the pace, and how loudly to say so. */
export function signerOutlook(
  current: { balanceWei: bigint; gasPriceWei: bigint } | null,
  spendPerDayWei: bigint | null,
  now: Date,
): {
  covers: { deliveries: number; draws: number } | null;
  runsOutAt: Date | null;
  warning: SignerFundsWarning;
} {
  if (!current) return { covers: null, runsOutAt: null, warning: 'unknown' };
  const covers = coverage(current);
  const runsOutAt =
    spendPerDayWei && spendPerDayWei > 0n
      ? new Date(now.getTime() + Number((current.balanceWei * BigInt(DAY_MS)) / spendPerDayWei))
      : null;
  const warning: SignerFundsWarning =
    current.balanceWei < current.gasPriceWei * GAS_PER_DELIVERY || current.balanceWei === 0n
      ? 'empty'
      : isLow(covers)
        ? 'low'
        : runsOutAt && runsOutAt.getTime() - now.getTime() < SIGNER_RUNWAY_WARN_DAYS * DAY_MS
          ? 'soon'
          : 'none';
  return {
    covers: covers && { deliveries: Number(covers.deliveries), draws: Number(covers.draws) },
    runsOutAt,
    warning,
  };
}
