import type { ResultDraw, Winner } from '@hanabi/api';
import { withheldOf } from './draw-record.ts';
import type { DrawRow, DrawsRepository } from './draws.repository.ts';

/**
 * A campaign's draws as one public history (decision 0200), newest first: every draw whatever its state (its
 * round numbers have no gaps), a failed one with its public code (never the stored text, which may quote an
 * outside system), each exclusion with its reason, the streamer's words and its time, and for a re-draw the
 * winners it replaces. Chat names only: nothing names a Hanabi user or a wallet. The proof page and the
 * campaign's results both show this, so they never disagree.
 */
export async function drawHistory(draws: DrawsRepository, campaignId: string): Promise<ResultDraw[]> {
  const [rows, winners] = await Promise.all([draws.draws(campaignId), draws.campaignWinners(campaignId)]);
  return historyOf(rows, winners);
}

/** The history from a campaign's draws (newest first) and winners, for a caller that needs them too. */
export function historyOf(
  rows: readonly DrawRow[],
  winners: readonly Winner[],
  now = new Date(),
): ResultDraw[] {
  return rows.map((item) => ({
    id: item.id,
    round: item.round,
    status: item.status,
    trigger: item.trigger,
    entrantCount: item.entrantCount,
    createdAt: item.createdAt.toISOString(),
    revealedAt: item.revealedAt?.toISOString() ?? null,
    failureCode: item.status === 'failed' ? (item.failureCode ?? 'other') : null,
    withheld: withheldOf(item, now),
    redrawOf: item.redrawOf,
    replaces: winners
      .filter((w) => w.replacedBy === item.id)
      .map((w) => ({ winnerId: w.id, displayName: w.displayName })),
    winners: winners
      .filter((w) => w.drawId === item.id)
      .sort((a, b) => a.position - b.position)
      .map((w) => ({
        id: w.id,
        platform: w.platform,
        displayName: w.displayName,
        excluded: w.status === 'excluded',
        exclusion:
          w.status === 'excluded'
            ? { reasonCode: w.excludedReasonCode ?? 'other', note: w.excludedReason ?? '', at: w.excludedAt }
            : null,
        replacedBy: w.replacedBy,
        // Held for a chat identity nobody has linked yet: the page asks "Is this you?". A prize held for a
        // known person (no wallet yet) is theirs to see, not everyone's.
        awaitingLink: w.status === 'held' && w.userId === null,
      })),
  }));
}
