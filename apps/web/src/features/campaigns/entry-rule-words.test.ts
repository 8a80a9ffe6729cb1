import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { entryRuleInWords } from './entry-rule-words';

const base = {
  keyword: '#hanabi',
  onePerPerson: true,
  membersOnly: false,
  excludeModerators: false,
  windowStart: null,
  windowEnd: null,
  cooldownDays: 0,
};

describe('entryRuleInWords', () => {
  const ja = i18n.getFixedT('ja') as unknown as (key: string, options?: Record<string, unknown>) => string;
  const en = i18n.getFixedT('en') as unknown as (key: string, options?: Record<string, unknown>) => string;

  it('says how to enter in Japanese', () => {
    expect(entryRuleInWords(base, ja)).toEqual([
      '配信のチャットで「#hanabi」とコメントすると応募できます（1人1回）',
    ]);
  });

  it('covers any comment, repeated entries and the limits', () => {
    const lines = entryRuleInWords(
      {
        ...base,
        keyword: ' ',
        onePerPerson: false,
        membersOnly: true,
        excludeModerators: true,
        cooldownDays: 30,
        windowStart: '2025-01-01T10:00:00.000Z',
      },
      ja,
      () => 'DATE',
    );
    expect(lines).toEqual([
      '配信のチャットにコメントすると応募できます（何度でも応募できます）',
      'YouTube のチャンネルメンバー限定です。',
      '配信者とモデレーターは対象外です。',
      '過去30日以内にこの配信者の賞品に当選した方は対象外です。',
      '受付時間：DATE 〜 終了時',
    ]);
  });

  it('speaks English and keeps the keyword unescaped', () => {
    expect(entryRuleInWords({ ...base, keyword: '<3&hanabi' }, en)[0]).toBe(
      'Comment “<3&hanabi” in the stream chat to enter (once per person)',
    );
  });
});
