import { LIVE_STREAM_ERROR_CODES } from '@hanabi/api';
import { describe, expect, it } from 'vitest';
import { liveStreamErrorCodeOf, liveStreamErrorText } from './live-stream-errors.ts';

// Each case's English, with what it may hold, must read back as its own code and no other (decision 0205).
const samples = {
  chatGone: [
    liveStreamErrorText.chatGone('YouTube'),
    liveStreamErrorText.chatGone('TwitCasting'),
    liveStreamErrorText.chatGone('Twitch'),
  ],
  chatDisabled: [liveStreamErrorText.chatDisabled('TwitCasting')],
  projectQuotaUsedUp: [liveStreamErrorText.projectQuotaUsedUp()],
  projectQuotaBudgetSpent: [liveStreamErrorText.projectQuotaBudgetSpent(9500, 10000)],
  streamQuotaBudgetSpent: [liveStreamErrorText.streamQuotaBudgetSpent(2001, 2000)],
  accessRevoked: [liveStreamErrorText.accessRevoked('YouTube')],
  chatRefused: [liveStreamErrorText.chatRefused('TwitCasting')],
  readFailedRetrying: [liveStreamErrorText.readFailedRetrying('YouTube', 32)],
} satisfies Record<(typeof LIVE_STREAM_ERROR_CODES)[number], string[]>;

describe('live stream error codes', () => {
  it('find every case again from the stored English', () => {
    for (const code of LIVE_STREAM_ERROR_CODES) {
      for (const text of samples[code]) expect(liveStreamErrorCodeOf(text), text).toBe(code);
    }
  });

  it('leave no error and unknown texts without a code', () => {
    expect(liveStreamErrorCodeOf(null)).toBeNull();
    expect(liveStreamErrorCodeOf('')).toBeNull();
    expect(liveStreamErrorCodeOf('Something a later version wrote.')).toBeNull();
  });
});
