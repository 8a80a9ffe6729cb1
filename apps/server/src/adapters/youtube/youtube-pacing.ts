import { evenSpreadGapMs, type ChatPacing } from '../live-chat/index.ts';
import { YOUTUBE_QUOTA_COST } from './youtube.adapter.ts';

/** The Pacific-time day YouTube's quota counts in, as YYYY-MM-DD. */
export function pacificDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now);
}

/** Milliseconds until the next midnight Pacific Time, when Google resets the daily quota. */
export function msUntilQuotaReset(now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = (part('hour') * 3600 + part('minute') * 60 + part('second')) * 1000 + now.getMilliseconds();
  return 86_400_000 - elapsed;
}

/**
 * YouTube's pace: never call before `pollingIntervalMillis` has passed since the last answer (Google refuses an
 * early call with `rateLimitExceeded`, by its clock), an empty page waits at least the quiet interval, and
 * every read costs 5 units of the project's daily quota, spread over the day among the readers.
 */
export const youtubePacing: ChatPacing = {
  unitsPerRead: YOUTUBE_QUOTA_COST['liveChatMessages.list'],
  holdUntil: (state, now) =>
    state.notBefore !== undefined && state.notBefore > now ? state.notBefore : null,
  canSpend: () => true,
  next(answer, state, defaults) {
    const interval = answer.intervalMs ?? 0;
    const wait = Math.max(interval, answer.empty ? defaults.quietMs : 0);
    return {
      state: { ...state, notBefore: answer.answeredAt + interval },
      nextAt: answer.answeredAt + wait,
    };
  },
  // A refusal here means a call went out before `pollingIntervalMillis`; `notBefore` already holds the next.
  rateLimited: (state) => state,
  budgetGapMs: (share) => evenSpreadGapMs(YOUTUBE_QUOTA_COST['liveChatMessages.list'], share),
};
