import type { ChatPacing } from '../live-chat/index.ts';

/**
 * TwitCasting's pace (twitcasting.md): no interval is given, so reads go at the default pace, a full page is
 * followed at once, and `X-RateLimit-Remaining: 0` waits for `X-RateLimit-Reset`. There is no daily quota.
 */
export const twitcastingPacing: ChatPacing = {
  unitsPerRead: 0,
  holdUntil(state, now) {
    const limit = state.rateLimit;
    return limit && limit.remaining <= 0 && limit.resetAt > now ? limit.resetAt : null;
  },
  canSpend: (state, reserve) => !state.rateLimit || state.rateLimit.remaining > reserve,
  next(answer, state, defaults) {
    const rate = answer.rateLimit;
    const kept = rate
      ? { ...state, rateLimit: { remaining: rate.remaining, resetAt: rate.resetAt.getTime() } }
      : state;
    let wait = answer.moreWaiting ? 0 : defaults.intervalMs;
    if (rate && rate.remaining <= 0) wait = Math.max(wait, rate.resetAt.getTime() - answer.answeredAt);
    return { state: kept, nextAt: answer.answeredAt + wait };
  },
  rateLimited: (state, resetAt) => ({ ...state, rateLimit: { remaining: 0, resetAt } }),
  budgetGapMs: () => 0,
};
