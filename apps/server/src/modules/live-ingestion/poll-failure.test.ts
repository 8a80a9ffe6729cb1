import { describe, expect, it } from 'vitest';
import { LiveAdapterError, type LiveErrorReason } from '../../adapters/live-chat/live-chat.types.ts';
import { pacificDay } from '../../adapters/youtube/index.ts';
import type { LiveStreamRow } from './live-stream.repository.ts';
import { failureDecision } from './poll-failure.ts';

const now = new Date('2026-03-10T12:00:00Z');
const row = (platform: 'youtube' | 'twitcasting') =>
  ({ id: 's1', platform, status: 'live', lastError: null }) as unknown as LiveStreamRow;
const error = (
  reason: LiveErrorReason,
  retryAfterMs?: number,
  platform: 'youtube' | 'twitcasting' = 'youtube',
) => new LiveAdapterError('retryable', platform, reason, reason, retryAfterMs ? { retryAfterMs } : {});

describe('what a failed poll does to the stream', () => {
  it('ends the stream when the chat is over', () => {
    for (const reason of ['chatEnded', 'notLive'] as const) {
      expect(failureDecision(row('youtube'), {}, error(reason), now).patch).toMatchObject({
        status: 'ended',
        endedAt: now,
        nextPollAt: null,
        lastError: null,
      });
    }
    expect(failureDecision(row('youtube'), {}, error('chatDisabled'), now).patch.lastError).toContain(
      'turned off',
    );
  });

  it('waits for the quota reset or the rate window, keeping the stream live', () => {
    const quota = failureDecision(row('youtube'), {}, error('quotaExceeded', 3_600_000), now).patch;
    expect(quota.status).toBeUndefined();
    expect(quota.nextPollAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(quota.lastError).toContain('quota');
    const limited = failureDecision(
      row('twitcasting'),
      {},
      error('rateLimited', 30_000, 'twitcasting'),
      now,
    ).patch;
    expect(limited.nextPollAt).toEqual(new Date(now.getTime() + 30_000));
    expect(limited.ingestState).toMatchObject({
      rateLimit: { remaining: 0, resetAt: now.getTime() + 30_000 },
    });
  });

  it('stops with words to act on when the token is dead', () => {
    const patch = failureDecision(
      row('twitcasting'),
      {},
      error('reauthorize', undefined, 'twitcasting'),
      now,
    ).patch;
    expect(patch).toMatchObject({ status: 'error', nextPollAt: null });
    expect(patch.lastError).toContain('TwitCasting no longer accepts');
  });

  it('backs off exponentially on passing failures, and restarts a refused YouTube page token', () => {
    const first = failureDecision(row('youtube'), {}, error('unavailable'), now).patch;
    expect(first.nextPollAt).toEqual(new Date(now.getTime() + 2000));
    expect(first.ingestState).toMatchObject({ failures: 1 });
    const later = failureDecision(row('youtube'), { failures: 20 }, new Error('db'), now).patch;
    expect(later.nextPollAt).toEqual(new Date(now.getTime() + 5 * 60_000));
    expect(failureDecision(row('youtube'), {}, error('badRequest'), now).patch.cursor).toBeNull();
    expect('cursor' in failureDecision(row('twitcasting'), {}, error('badRequest'), now).patch).toBe(false);
  });

  it("counts YouTube's quota day in Pacific time", () => {
    // Winter (PST, UTC−8) and summer (PDT, UTC−7): the day turns at Google's midnight, not UTC's.
    expect(pacificDay(new Date('2026-01-10T07:59:00Z'))).toBe('2026-01-09');
    expect(pacificDay(new Date('2026-01-10T08:01:00Z'))).toBe('2026-01-10');
    expect(pacificDay(new Date('2026-07-10T06:59:00Z'))).toBe('2026-07-09');
    expect(pacificDay(new Date('2026-07-10T07:01:00Z'))).toBe('2026-07-10');
  });
});
