import type { LivePlatformDriver } from '../../adapters/live-chat/index.ts';
import { liveStreamErrorText } from './live-stream-errors.ts';
import type { LiveStreamRow } from './live-stream.repository.ts';
import type { Decision, IngestState } from './poll-failure.ts';
import type { QuotaToday } from './youtube-quota-ledger.ts';

/**
 * One poll's quota, for a platform whose driver counts it: the stream's units today (by the platform's quota day),
 * the project's ledger, and the units the read's calls spent, each page carrying those spent since the last (charged
 * to the ledger in the page's commit, decision 0161).
 */
export class PollQuota {
  private readonly day: string;
  /** The stream's units today before this poll, all spent by now, and charged to the ledger so far. */
  private readonly startUsed: number;
  private used: number;
  private charged = 0;

  constructor(
    private readonly row: Pick<LiveStreamRow, 'quotaBudget' | 'quotaDay' | 'quotaUsed'>,
    private readonly driver: Pick<LivePlatformDriver, 'pacing'> & {
      quota: NonNullable<LivePlatformDriver['quota']>;
    },
    private readonly project: QuotaToday,
    /** The chats drawing on the same quota now. */
    private readonly readers: number,
    private readonly now: Date,
  ) {
    this.day = driver.quota.dayOf(now);
    this.startUsed = row.quotaDay === this.day ? row.quotaUsed : 0;
    this.used = this.startUsed;
  }

  /** Told the units each call of the read cost. */
  charge(units: number): void {
    this.used += units;
  }

  /** The stream's own budget or the project's quota is used up: keep the stream live, resume after the reset. */
  budgetStop(state: IngestState): Decision['patch'] | null {
    const units = this.driver.pacing.unitsPerRead;
    const budget = this.row.quotaBudget;
    const streamSpent = budget !== null && this.used + units > budget;
    const projectSpent = this.project.left < units;
    if (!streamSpent && !projectSpent) return null;
    return {
      quotaUsed: this.used,
      quotaDay: this.day,
      ingestState: state,
      nextPollAt: this.project.resetsAt,
      lastError: streamSpent
        ? liveStreamErrorText.streamQuotaBudgetSpent(this.used, budget)
        : liveStreamErrorText.projectQuotaBudgetSpent(this.project.used, this.project.limit),
    };
  }

  /** Spread what the project has left over the day once the current pace would use it up before the reset. */
  spreadMs(): number {
    const { project } = this;
    const msLeft = project.resetsAt.getTime() - this.now.getTime();
    if (project.runsOutAt === null) return 0;
    const gap = this.driver.pacing.budgetGapMs({
      left: project.left,
      msUntilReset: msLeft,
      readers: this.readers,
    });
    return Number.isFinite(gap) ? gap : msLeft;
  }

  /** The decision with the stream's units so far and the units spent since the last page, to charge with it. */
  settle(decision: Decision): Decision {
    const charge = this.used - this.startUsed - this.charged;
    this.charged += charge;
    return {
      ...decision,
      patch: { ...decision.patch, quotaUsed: this.used, quotaDay: this.day },
      quotaCharge: (decision.quotaCharge ?? 0) + charge,
    };
  }
}
