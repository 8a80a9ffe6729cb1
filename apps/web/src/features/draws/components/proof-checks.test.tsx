import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { inWords } from './proof-checks';

describe('proof check values', () => {
  it("put the verifier's words about the entrant list in the reader's language", () => {
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    expect(inWords('entrants', '22 distinct, sorted', ja)).toBe('重複なし・並べ替え済みの 22 件');
    expect(inWords('entrants', 'not distinct and sorted', ja)).toBe('重複があるか、並べ替えられていません');
    expect(inWords('entrants', '1 distinct, sorted', en)).toBe('1 distinct, sorted');
  });

  it('leave data (hashes, seeds, keys) as it is', () => {
    const ja = i18n.getFixedT('ja');
    expect(inWords('seed', '22 distinct, sorted', ja)).toBe('22 distinct, sorted');
    expect(inWords('entrants', 'printable ASCII keys', ja)).toBe('printable ASCII keys');
  });
});
