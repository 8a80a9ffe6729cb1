import { sql } from 'drizzle-orm';
import type { YouTubeQuotaToday } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { msUntilQuotaReset, pacificDay } from '../../adapters/youtube/index.ts';

/** Time constant of the "current rate": calls of the last ~10 minutes weigh most. */
const RATE_TAU_SECONDS = 600;

export interface QuotaToday {
  /** The Google project (OAuth client id) the calls go out under. */
  project: string;
  day: string;
  used: number;
  limit: number;
  left: number;
  /** Units per hour at the current pace (decayed over ~10 minutes). */
  ratePerHour: number;
  /** When `left` runs out at that pace; null when it lasts until the reset (or nothing is spent). */
  runsOutAt: Date | null;
  /** Midnight Pacific: Google's new day. */
  resetsAt: Date;
}

type Executor = Pick<Db, 'execute'>;

/**
 * One ledger per Google project and Pacific day (decision 0161): every YouTube call, by every reader and every
 * connect or start, is charged here once, in the transaction that records what the call brought. Readers are
 * budgeted from what it has left; the live page, the operator dashboard and /metrics read it.
 */
export class YouTubeQuotaLedger {
  constructor(
    private readonly db: Db,
    readonly project: string,
    readonly dailyLimit: number,
  ) {}

  /** Charges `units` spent at `now` (in the caller's transaction when given one). */
  async charge(units: number, now: Date, tx: Executor = this.db): Promise<void> {
    if (units <= 0) return;
    const at = now.toISOString();
    await tx.execute(sql`
      insert into youtube_quota_ledger (project, quota_day, units, recent_units, recent_at)
      values (${this.project}, ${pacificDay(now)}, ${units}, ${units}, ${at}::timestamptz)
      on conflict (project, quota_day) do update set
        units = youtube_quota_ledger.units + excluded.units,
        recent_units = youtube_quota_ledger.recent_units * exp(-greatest(
          extract(epoch from excluded.recent_at - youtube_quota_ledger.recent_at), 0) / ${RATE_TAU_SECONDS})
          + excluded.units,
        recent_at = greatest(excluded.recent_at, youtube_quota_ledger.recent_at)`);
  }

  async today(now: Date, tx: Executor = this.db): Promise<QuotaToday> {
    const day = pacificDay(now);
    const result = (await tx.execute(sql`
      select units::int as units, recent_units::float8 as recent_units, recent_at
      from youtube_quota_ledger where project = ${this.project} and quota_day = ${day}`)) as unknown as {
      rows: { units: number; recent_units: number; recent_at: string | Date }[];
    };
    const row = result.rows[0];
    const used = Number(row?.units ?? 0);
    const left = Math.max(this.dailyLimit - used, 0);
    const since = row ? Math.max((now.getTime() - new Date(row.recent_at).getTime()) / 1000, 0) : 0;
    const decayed = row ? Number(row.recent_units) * Math.exp(-since / RATE_TAU_SECONDS) : 0;
    const ratePerHour = (decayed / RATE_TAU_SECONDS) * 3600;
    const resetsAt = new Date(now.getTime() + msUntilQuotaReset(now));
    const runsOut = ratePerHour > 0 ? now.getTime() + (left / ratePerHour) * 3_600_000 : null;
    return {
      project: this.project,
      day,
      used,
      limit: this.dailyLimit,
      left,
      ratePerHour: Math.round(ratePerHour),
      runsOutAt: runsOut !== null && runsOut < resetsAt.getTime() ? new Date(runsOut) : null,
      resetsAt,
    };
  }
}

/** The contract's shape: instants as ISO strings. */
export function toQuotaToday(quota: QuotaToday): YouTubeQuotaToday {
  return {
    day: quota.day,
    used: quota.used,
    limit: quota.limit,
    left: quota.left,
    ratePerHour: quota.ratePerHour,
    runsOutAt: quota.runsOutAt?.toISOString() ?? null,
    resetsAt: quota.resetsAt.toISOString(),
  };
}
