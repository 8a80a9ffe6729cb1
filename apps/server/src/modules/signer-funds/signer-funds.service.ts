import type { SignerFunds } from '@hanabi/api';
import { ChainError, readSignerFunds, type ChainAdapter } from '../../adapters/chain/index.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { SignerFundsRepository } from './signer-funds.repository.ts';
import { signerOutlook, spendPerDay, type BalanceSample } from './signer-outlook.ts';

const DAY_MS = 86_400_000;
/** The trend the page draws. */
const TREND_DAYS = 14;
/** Samples are kept a little longer than the trend shows. */
const KEEP_DAYS = 30;

export class SignerFundsService {
  constructor(
    private readonly repository: SignerFundsRepository,
    private readonly chain: Lazy<ChainAdapter>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One sample of the balance (the worker's quarter-hourly job), and the samples past keeping go. */
  async sample(): Promise<{ balanceWei: bigint; pruned: number }> {
    const chain = await this.chain.get();
    const funds = await readSignerFunds(chain);
    const now = this.now();
    await this.repository.record(
      { chainId: funds.chainId, signer: funds.signer },
      { at: now, balanceWei: funds.balanceWei, gasPriceWei: funds.gasPriceWei },
    );
    const pruned = await this.repository.prune(new Date(now.getTime() - KEEP_DAYS * DAY_MS));
    return { balanceWei: funds.balanceWei, pruned };
  }

  /** The balance now, its trend and outlook. A chain that does not answer leaves the trend and `unknown`. */
  async report(): Promise<SignerFunds> {
    const chain = await this.chain.get();
    const now = this.now();
    const key = { chainId: chain.chainId, signer: chain.signer };
    const [current, stored] = await Promise.all([
      readSignerFunds(chain).catch((error: unknown) => {
        if (error instanceof ChainError) return null;
        throw error;
      }),
      this.repository.hourly(key, new Date(now.getTime() - TREND_DAYS * DAY_MS)),
    ]);
    // The reading of now is the trend's last point (not stored: a page view writes nothing).
    const samples: BalanceSample[] = current
      ? [...stored, { at: now, balanceWei: current.balanceWei }]
      : stored;
    const pace = spendPerDay(samples, now);
    const outlook = signerOutlook(current, pace, now);
    return {
      chainId: key.chainId,
      signer: key.signer,
      current: current && {
        balanceWei: current.balanceWei.toString(),
        gasPriceWei: current.gasPriceWei.toString(),
        covers: outlook.covers,
      },
      spendPerDayWei: pace?.toString() ?? null,
      runsOutAt: outlook.runsOutAt?.toISOString() ?? null,
      warning: outlook.warning,
      samples: samples.map((sample) => ({
        at: sample.at.toISOString(),
        balanceWei: sample.balanceWei.toString(),
      })),
    };
  }
}
