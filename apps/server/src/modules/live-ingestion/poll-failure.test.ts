import { describe, expect, it } from 'vitest';
import { LiveAdapterError, type LiveErrorReason } from '../../adapters/live-chat/live-chat.types.ts';
import { twitcastingDriver } from '../../adapters/twitcasting/index.ts';
import { pacificDay, youtubeDriver } from '../../adapters/youtube/index.ts';
import { failureDecision, type IngestState } from './poll-failure.ts';

const now = new Date('2026-03-10T12:00:00Z');
// Only the drivers' names, pace and chat reader's traits are asked; the clients are never called.
const drivers = {
  youtube: youtubeDriver({} as never, () => ({}) as never),
  twitcasting: twitcastingDriver({} as never),
};
const decide = (platform: 'youtube' | 'twitcasting', state: IngestState, failure: unknown) =>
  failureDecision({ id: 's1' }, drivers[platform], state, failure, now);
const error = (
  reason: LiveErrorReason,
  retryAfterMs?: number,
  platform: 'youtube' | 'twitcasting' = 'youtube',
) => new LiveAdapterError('retryable', platform, reason, reason, retryAfterMs ? { retryAfterMs } : {});

describe('what a failed poll does to the stream', () => {
  it('ends the stream when the chat is over', () => {
    for (const reason of ['chatEnded', 'notLive'] as const) {
      expect(decide('youtube', {}, error(reason)).patch).toMatchObject({
        status: 'ended',
        endedAt: now,
        nextPollAt: null,
        lastError: null,
      });
    }
    expect(decide('youtube', {}, error('chatDisabled')).patch.lastError).toContain('turned off');
  });

  it('waits for the quota reset or the rate window, keeping the stream live', () => {
    const quota = decide('youtube', {}, error('quotaExceeded', 3_600_000)).patch;
    expect(quota.status).toBeUndefined();
    expect(quota.nextPollAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(quota.lastError).toContain('quota');
    const limited = decide('twitcasting', {}, error('rateLimited', 30_000, 'twitcasting')).patch;
    expect(limited.nextPollAt).toEqual(new Date(now.getTime() + 30_000));
    expect(limited.ingestState).toMatchObject({
      rateLimit: { remaining: 0, resetAt: now.getTime() + 30_000 },
    });
    // YouTube's wait is its interval (`notBefore`), not a rate window: nothing is added to hold on.
    const refused = decide('youtube', { notBefore: 5 }, error('rateLimited', 30_000)).patch;
    expect(refused.nextPollAt).toEqual(new Date(now.getTime() + 30_000));
    expect(refused.ingestState).toEqual({ notBefore: 5 });
  });

  it('stops with words to act on when the token is dead', () => {
    const patch = decide('twitcasting', {}, error('reauthorize', undefined, 'twitcasting')).patch;
    expect(patch).toMatchObject({ status: 'error', nextPollAt: null });
    expect(patch.lastError).toContain('TwitCasting no longer accepts');
  });

  it('backs off exponentially on passing failures, and restarts a refused YouTube page token', () => {
    const first = decide('youtube', {}, error('unavailable')).patch;
    expect(first.nextPollAt).toEqual(new Date(now.getTime() + 2000));
    expect(first.ingestState).toMatchObject({ failures: 1 });
    const later = decide('youtube', { failures: 20 }, new Error('db')).patch;
    expect(later.nextPollAt).toEqual(new Date(now.getTime() + 5 * 60_000));
    expect(decide('youtube', {}, error('badRequest')).patch.cursor).toBeNull();
    expect('cursor' in decide('twitcasting', {}, error('badRequest')).patch).toBe(false);
  });

  it("counts YouTube's quota day in Pacific time", () => {
    // Winter (PST, UTC−8) and summer (PDT, UTC−7): the day turns at Google's midnight, not UTC's.
    expect(pacificDay(new Date('2026-01-10T07:59:00Z'))).toBe('2026-01-09');
    expect(pacificDay(new Date('2026-01-10T08:01:00Z'))).toBe('2026-01-10');
    expect(pacificDay(new Date('2026-07-10T06:59:00Z'))).toBe('2026-07-09');
    expect(pacificDay(new Date('2026-07-10T07:01:00Z'))).toBe('2026-07-10');
  });
});
