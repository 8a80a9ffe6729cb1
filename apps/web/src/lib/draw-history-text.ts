/**
 * The texts of a campaign's public draw history (decision 0200), worked out once for every place that shows it:
 * the proof page in React, its first paint on the server (`features/draws/draw-proof.first-paint.ts`) and the campaign's
 * results. Plain module (the first paint is bundled for Node): the caller passes its own lookup of messages.
 */
import { DRAW_REVEAL_DUE_MINUTES, type DrawWithheld, type ResultDraw } from '@hanabi/api';
import { formatCount, formatDateTime } from './format';

/** A draw's state as the public reads it: its stored status, or withheld once its result is overdue. */
export type HistoryStatus = ResultDraw['status'] | 'withheld';

export function historyStatusOf(draw: Pick<ResultDraw, 'status' | 'withheld'>): HistoryStatus {
  return draw.withheld ? 'withheld' : draw.status;
}

/**
 * A history entry's badge colour (Mantine colour and shade), for the page and its first paint alike. Revealed is
 * blue, not green: the history says what happened to each draw; whether a draw's randomness was verified is the
 * verdict on its own proof page, where only a verified drand draw is green (decision 0199).
 */
export const HISTORY_STATUS_TONE: Record<HistoryStatus, { color: string; shade: number }> = {
  revealed: { color: 'blue', shade: 9 },
  withheld: { color: 'red', shade: 9 },
  failed: { color: 'red', shade: 9 },
  open: { color: 'gray', shade: 7 },
  closed: { color: 'gray', shade: 7 },
};

/**
 * A lookup of `drawHistory.*`, `exclusion.reason.*` and `drawProof.status.*` texts with `{{name}}` values; with
 * `count`, the plural form (`key_one`, `key_other`) of the reader's language.
 */
export type HistoryTranslate = (key: string, values?: Record<string, string | number>) => string;

export interface HistoryWinnerText {
  id: string;
  name: string;
  excluded: boolean;
  /** "Excluded: reason (time)", and the streamer's words, when excluded. */
  exclusion: string | null;
  note: string | null;
  /** The re-draw that replaces this winner. */
  replacedBy: { drawId: string; label: string } | null;
}

export interface HistoryEntryText {
  id: string;
  status: HistoryStatus;
  title: string;
  statusLabel: string;
  /** When it started, and its entrants once frozen. */
  meta: string;
  /** Why it failed, or that its result is withheld. */
  failure: string | null;
  /** A re-draw: whom it replaces, and the draw they were drawn in. */
  replaces: { text: string; drawId: string; label: string } | null;
  winners: HistoryWinnerText[];
}

/**
 * A withheld draw's sentence: its round is out, the result overdue; and whether anyone can open its secret from
 * the public record (a quicknet draw) or only the server holds it (the `default` chain serves no timelock).
 */
export function withheldText(withheld: DrawWithheld, t: HistoryTranslate, locale: string): string {
  return [
    t('drawHistory.withheld', {
      minutes: DRAW_REVEAL_DUE_MINUTES,
      at: formatDateTime(withheld.since, locale),
    }),
    t(withheld.sealed ? 'drawHistory.withheldSealed' : 'drawHistory.withheldUnsealed'),
  ].join(' ');
}

/** Every draw of the history, newest first as the server sends them, in the reader's language. */
export function drawHistoryText(
  draws: readonly ResultDraw[],
  t: HistoryTranslate,
  locale: string,
): HistoryEntryText[] {
  const rounds = new Map(draws.map((draw) => [draw.id, draw.round]));
  const roundLabel = (id: string) => {
    const round = rounds.get(id);
    return round === undefined ? id : t('drawHistory.round', { round });
  };
  return draws.map((draw) => ({
    id: draw.id,
    status: historyStatusOf(draw),
    title: t(draw.redrawOf ? 'drawHistory.redrawRound' : 'drawHistory.round', { round: draw.round }),
    statusLabel: t(`drawProof.status.${historyStatusOf(draw)}`),
    meta: [
      t('drawHistory.openedAt', { at: formatDateTime(draw.createdAt, locale) }),
      draw.entrantCount !== null
        ? t('drawHistory.entrants', { count: draw.entrantCount, n: formatCount(draw.entrantCount) })
        : null,
    ]
      .filter(Boolean)
      .join(' · '),
    failure: draw.withheld
      ? withheldText(draw.withheld, t, locale)
      : draw.failureCode
        ? t(`drawHistory.failure.${draw.failureCode}`)
        : null,
    replaces: draw.redrawOf
      ? {
          text: t('drawHistory.replaces', {
            names: draw.replaces.map((item) => item.displayName).join(', ') || '—',
          }),
          drawId: draw.redrawOf,
          label: roundLabel(draw.redrawOf),
        }
      : null,
    winners: draw.winners.map((winner) => {
      const exclusion = winner.exclusion;
      const reason = exclusion ? t(`exclusion.reason.${exclusion.reasonCode}`) : '';
      return {
        id: winner.id,
        name: winner.displayName,
        excluded: winner.excluded,
        exclusion: exclusion
          ? exclusion.at
            ? t('drawHistory.excluded', { reason, at: formatDateTime(exclusion.at, locale) })
            : t('drawHistory.excludedNoTime', { reason })
          : null,
        note: exclusion?.note ? t('drawHistory.note', { note: exclusion.note }) : null,
        replacedBy: winner.replacedBy
          ? { drawId: winner.replacedBy, label: roundLabel(winner.replacedBy) }
          : null,
      };
    }),
  }));
}
