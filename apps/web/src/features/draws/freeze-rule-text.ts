import type { PublicDraw } from '@hanabi/api';
import { formatDateTime, formatTime } from '../../lib/format';

/** What the proof page says of which comments counted (decision 0204); the React page and its first paint share it. */
export interface FreezeRuleText {
  title: string;
  /** The rule: published by the platform at or before T (absent on a draw closed before the rule). */
  rule: string | null;
  /** How the wait for ingestion ended, or that it is under way; or the earlier rule's words. */
  outcome: string;
  /** The chats that had not caught up at the freeze, each with how far it had been read. */
  behind: string[];
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Plain words for a draw with a close time; null before T is fixed. No imports but plain modules (first paint). */
export function freezeRuleText(draw: PublicDraw, t: Translate, locale: string): FreezeRuleText | null {
  if (!draw.closedAt) return null;
  const at = (iso: string) => `${formatDateTime(iso, locale)} (${formatTime(iso)})`;
  const title = t('drawProof.freeze.title');
  const freeze = draw.freeze;
  if (!freeze) return { title, rule: null, outcome: t('drawProof.freeze.legacy'), behind: [] };
  const rule = t('drawProof.freeze.rule', { time: at(draw.closedAt) });
  if (!freeze.frozenAt || !freeze.behind) {
    const outcome = t('drawProof.freeze.waiting', {
      time: formatTime(draw.closedAt),
      until: at(freeze.waitUntil),
    });
    return { title, rule, outcome, behind: [] };
  }
  if (freeze.behind.length === 0) {
    return {
      title,
      rule,
      outcome: t('drawProof.freeze.caughtUp', { frozenAt: at(freeze.frozenAt) }),
      behind: [],
    };
  }
  return {
    title,
    rule,
    outcome: t('drawProof.freeze.behind', { until: at(freeze.waitUntil), frozenAt: at(freeze.frozenAt) }),
    behind: freeze.behind.map((chat) => {
      const platform = t(`drawProof.freeze.platform.${chat.platform}`);
      return chat.readThrough
        ? t('drawProof.freeze.behindChat', { platform, time: at(chat.readThrough) })
        : t('drawProof.freeze.neverRead', { platform });
    }),
  };
}
