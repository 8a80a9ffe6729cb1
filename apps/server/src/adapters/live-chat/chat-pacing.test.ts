import { describe, expect, it } from 'vitest';
import { twitcastingPacing } from '../twitcasting/index.ts';
import { youtubePacing } from '../youtube/index.ts';
import { evenSpreadGapMs } from './chat-pacing.ts';

const defaults = { intervalMs: 3000, quietMs: 1000 };
const answer = { answeredAt: 10_000, intervalMs: null, empty: false, moreWaiting: false, rateLimit: null };

describe('each platform pace behind ChatPacing', () => {
  it('YouTube: no call before the interval counted from the answer; an empty page waits the quiet time', () => {
    const next = youtubePacing.next({ ...answer, intervalMs: 400, empty: true }, {}, defaults);
    expect(next).toEqual({ state: { notBefore: 10_400 }, nextAt: 11_000 });
    expect(youtubePacing.holdUntil(next.state, 10_100)).toBe(10_400);
    expect(youtubePacing.holdUntil(next.state, 10_400)).toBeNull();
    expect(youtubePacing.unitsPerRead).toBe(5);
  });

  it('TwitCasting: a full page is followed at once, an empty window waits for its reset', () => {
    expect(twitcastingPacing.next({ ...answer, moreWaiting: true }, {}, defaults).nextAt).toBe(10_000);
    expect(twitcastingPacing.next(answer, {}, defaults).nextAt).toBe(13_000);
    const spent = twitcastingPacing.next(
      { ...answer, rateLimit: { remaining: 0, resetAt: new Date(40_000) } },
      {},
      defaults,
    );
    expect(spent).toEqual({ state: { rateLimit: { remaining: 0, resetAt: 40_000 } }, nextAt: 40_000 });
    expect(twitcastingPacing.holdUntil(spent.state, 20_000)).toBe(40_000);
    expect(twitcastingPacing.holdUntil(spent.state, 40_001)).toBeNull();
    expect(twitcastingPacing.canSpend({ rateLimit: { remaining: 2, resetAt: 0 } }, 1)).toBe(true);
    expect(twitcastingPacing.canSpend({ rateLimit: { remaining: 1, resetAt: 0 } }, 1)).toBe(false);
    expect(twitcastingPacing.budgetGapMs({ left: 0, msUntilReset: 1, readers: 1 })).toBe(0);
  });

  it('spreads what is left of a daily quota evenly over the rest of the day among the readers', () => {
    // 1,000 units = 200 reads of 5 over 10 hours: one read every 3 minutes for one reader, 6 for two.
    const share = { left: 1000, msUntilReset: 10 * 3_600_000, readers: 1 };
    expect(evenSpreadGapMs(5, share)).toBe(180_000);
    expect(youtubePacing.budgetGapMs({ ...share, readers: 2 })).toBe(360_000);
    expect(evenSpreadGapMs(5, { ...share, left: 4 })).toBe(Number.POSITIVE_INFINITY);
    expect(evenSpreadGapMs(0, share)).toBe(0);
  });
});
