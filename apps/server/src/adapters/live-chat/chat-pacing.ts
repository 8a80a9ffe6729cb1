/**
 * The pace each platform allows, behind one interface (issue 18 item 4): ingestion asks its adapter when the
 * next call may go out and never branches on the platform. The state it returns is kept in the stream's
 * `ingest_state` between reads (any worker may make the next one).
 */
export interface PaceState {
  /** No call before this instant (epoch ms): YouTube's `pollingIntervalMillis` counted from the last answer. */
  notBefore?: number;
  /** The platform's rate window as last reported (`X-RateLimit-*`), reset as epoch ms. */
  rateLimit?: { remaining: number; resetAt: number };
}

/** What the last read said about pace. */
export interface PaceAnswer {
  /** When the answer arrived (epoch ms): intervals count from here, as the platform's clock does. */
  answeredAt: number;
  /** The wait the platform asked for, if it names one. */
  intervalMs: number | null;
  /** Nothing new came: an idle chat is read no faster than `quietMs`. */
  empty: boolean;
  /** More is waiting right now (a full page): read again at once if the platform allows. */
  moreWaiting: boolean;
  rateLimit: { remaining: number; resetAt: Date } | null;
}

export interface PaceDefaults {
  /** The wait between reads when the platform names none. */
  intervalMs: number;
  /** The least wait after an empty read. */
  quietMs: number;
}

/** Units one read costs against a daily project quota, and the share of what is left a reader may pace to. */
export interface QuotaShare {
  /** Units left in the project's day. */
  left: number;
  /** Until the platform's quota day resets. */
  msUntilReset: number;
  /** Readers drawing on the same quota now (this one included). */
  readers: number;
}

export interface ChatPacing {
  /** Units one read costs against the project's daily quota; 0 when the platform has none. */
  readonly unitsPerRead: number;
  /** Null when a call may go out at `now`; else the instant it may. */
  holdUntil(state: PaceState, now: number): number | null;
  /** Whether a further call fits the rate window now, keeping `reserve` calls back (back-fill, live checks). */
  canSpend(state: PaceState, reserve: number): boolean;
  /** After a read: the state to keep and when the next read may go out. */
  next(answer: PaceAnswer, state: PaceState, defaults: PaceDefaults): { state: PaceState; nextAt: number };
  /**
   * The state after the platform refused a call for its rate until `resetAt` (epoch ms): kept where `holdUntil`
   * waits on the rate window, unchanged where the platform's wait is its interval.
   */
  rateLimited(state: PaceState, resetAt: number): PaceState;
  /**
   * The least gap between one reader's calls so the readers sharing the quota spread what is left evenly over
   * the rest of the day (0 when unlimited, Infinity when nothing is left).
   */
  budgetGapMs(share: QuotaShare): number;
}

/** The gap that spreads `left` units over the day among `readers` calling `units` at a time. */
export function evenSpreadGapMs(units: number, share: QuotaShare): number {
  if (units <= 0) return 0;
  const calls = Math.floor(share.left / units);
  if (calls <= 0) return Number.POSITIVE_INFINITY;
  return (share.msUntilReset * Math.max(share.readers, 1)) / calls;
}
