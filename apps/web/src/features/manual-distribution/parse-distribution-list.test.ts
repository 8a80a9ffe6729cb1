import { describe, expect, it } from 'vitest';
import { parseDistributionList } from './parse-distribution-list';

describe('parseDistributionList', () => {
  it('reads one recipient per line with an optional amount, skipping blanks and a header', () => {
    const text = 'recipient,amount\n0xAbC,2\n\nUCabcdefghijklmnopqrstuv\n  twitcasting:fan , 3 \n';
    expect(parseDistributionList(text)).toEqual([
      { recipient: '0xAbC', amount: 2 },
      { recipient: 'UCabcdefghijklmnopqrstuv', amount: 1 },
      { recipient: 'twitcasting:fan', amount: 3 },
    ]);
  });

  it('accepts tab- and semicolon-separated pastes from spreadsheets', () => {
    expect(parseDistributionList('0xA\t4\n0xB\t5')).toEqual([
      { recipient: '0xA', amount: 4 },
      { recipient: '0xB', amount: 5 },
    ]);
    expect(parseDistributionList('0xA;4')).toEqual([{ recipient: '0xA', amount: 4 }]);
  });

  it('keeps an unreadable amount as NaN for the server to name', () => {
    expect(parseDistributionList('0xA,lots')[0]!.amount).toBeNaN();
  });

  it('is empty for empty text', () => {
    expect(parseDistributionList('  \n \n')).toEqual([]);
  });
});
