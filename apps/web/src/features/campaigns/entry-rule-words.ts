import type { Campaign } from '@hanabi/api';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type EntryRuleLike = Campaign['entryRule'];

/**
 * The entry rule in plain words: the first sentence says how to enter
 * (「配信のチャットで「#hanabi」とコメントすると応募できます（1人1回）」), the next ones the limits.
 */
export function entryRuleInWords(
  rule: EntryRuleLike,
  t: Translate,
  formatDate: (iso: string) => string = (iso) => iso,
): string[] {
  const keyword = rule.keyword.trim();
  const how = keyword
    ? t('campaigns.rule.withKeyword', { keyword, interpolation: { escapeValue: false } })
    : t('campaigns.rule.anyComment');
  const lines = [
    `${how}${rule.onePerPerson ? t('campaigns.rule.onePerPerson') : t('campaigns.rule.manyTimes')}`,
  ];
  if (rule.membersOnly) lines.push(t('campaigns.rule.membersOnly'));
  if (rule.excludeModerators) lines.push(t('campaigns.rule.excludeModerators'));
  if (rule.cooldownDays > 0) lines.push(t('campaigns.rule.cooldown', { days: rule.cooldownDays }));
  if (rule.windowStart || rule.windowEnd) {
    lines.push(
      t('campaigns.rule.window', {
        start: rule.windowStart ? formatDate(rule.windowStart) : t('campaigns.rule.periodStart'),
        end: rule.windowEnd ? formatDate(rule.windowEnd) : t('campaigns.rule.periodEnd'),
        interpolation: { escapeValue: false },
      }),
    );
  }
  return lines;
}
