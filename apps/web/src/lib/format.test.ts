import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('writes a count as Intl does in Japanese and English, without Intl', () => {
    for (const count of [0, 7, 999, 1000, 12345, 999999, 1000000, 123456789, 2 ** 31]) {
      expect(formatCount(count)).toBe(count.toLocaleString('ja'));
      expect(formatCount(count)).toBe(count.toLocaleString('en'));
    }
  });
});
