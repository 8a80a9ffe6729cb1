import { describe, expect, it } from 'vitest';
import { instantOf, pickerValueOf } from './date-time-value';

describe("a date-time field's value and the instant the API takes", () => {
  it('reads the picker value as local time, to the second, and gives it back to the minute', () => {
    const local = new Date(2026, 11, 5, 20, 33, 0);
    expect(instantOf('2026-12-05 20:33:00')).toBe(local.toISOString());
    expect(instantOf('2026-12-05 20:33')).toBe(local.toISOString());
    expect(pickerValueOf(local.toISOString())).toBe('2026-12-05 20:33:00');
    expect(pickerValueOf(new Date(2026, 0, 2, 3, 4, 59))).toBe('2026-01-02 03:04:00');
  });

  it('has no instant for an empty, unreadable or impossible value, and no value for no instant', () => {
    for (const value of [
      '',
      null,
      undefined,
      '2026-12-05',
      '2026-12-05T20:33',
      '2026-02-30 10:00:00',
      '2026-12-05 24:00:00',
    ]) {
      expect(instantOf(value), String(value)).toBeNull();
    }
    expect(pickerValueOf(null)).toBe('');
    expect(pickerValueOf('not a date')).toBe('');
  });
});
