import { eq } from 'drizzle-orm';
import type { DrawIngestBehind } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { campaign, draw } from '../../db/schema.ts';
import { campaignNotFound, notFound } from '../../lib/app-error.ts';
import type { BeaconAdapter } from '../../adapters/beacon/index.ts';
import type { Logger } from '../../logger.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { chatsBehind, freezeEntrants } from '../live-entries/index.ts';

type DrawRow = typeof draw.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long a draw waits for ingestion to pass its close time T, and how it is looked at again meanwhile. */
export interface IngestWait {
  /** The longest wait (`DRAW_INGEST_WAIT_SECONDS`); 0 freezes at once, saying which chats had not caught up. */
  boundMs: number;
  /** Looks at a waiting draw again shortly (a job), so no request waits; absent, the next `resume` does. */
  recheck?: (drawId: string) => Promise<void>;
}

/** What the close step came to: the entrants are frozen (or nothing was left to do), or it waits for ingestion. */
export type CloseOutcome = 'done' | 'waiting';

/**
 * Step 2 of a draw, the close (decision 0204): T is fixed first, then the entrants are frozen once every chat of
 * the campaign still being read has been read past T, or once the wait's bound has passed — comments the platform
 * published at or before T, whenever they reached this server. The bound is stored with T, so every process that
 * resumes the draw waits for the same deadline; what had not caught up is stored with the draw for its proof page.
 * The beacon round after T is named here too (a drand draw with a registry names it with its record instead).
 */
export class DrawFreeze {
  constructor(
    private readonly db: Db,
    private readonly beacon: BeaconAdapter,
    private readonly wait: IngestWait,
    /** The draw registry writes records: a drand draw's round is named by the record step, not here. */
    private readonly recorded: boolean,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {}

  async close(drawId: string): Promise<CloseOutcome> {
    const fixed = await this.fixCloseTime(drawId);
    if (!fixed) return 'done';
    const behind = await chatsBehind(this.db, fixed.campaignId, fixed.closedAt!);
    const reading = behind.some((chat) => chat.read);
    if (reading && this.now().getTime() < fixed.freezeDeadline!.getTime()) {
      await this.wait.recheck?.(drawId);
      return 'waiting';
    }
    if (behind.length > 0) {
      this.log.warn({ drawId, behind }, 'draw froze before ingestion passed its close time');
    }
    await this.freeze(
      drawId,
      behind.map(({ platform, readThrough }) => ({ platform, readThrough })),
    );
    return 'done';
  }

  /** T and the wait's deadline, stored once: the draw as it is then (null when it is past the close step). */
  private async fixCloseTime(drawId: string): Promise<DrawRow | null> {
    return this.db.transaction(async (tx) => {
      const current = await lockDraw(tx, drawId);
      if (current.status !== 'open') return null;
      if (current.closedAt && current.freezeDeadline) return current;
      const closedAt = this.now();
      const freezeDeadline = new Date(closedAt.getTime() + this.wait.boundMs);
      const [row] = await tx
        .update(draw)
        .set({ closedAt, freezeDeadline })
        .where(eq(draw.id, drawId))
        .returning();
      // The live room shows the wait ("waiting for comments up to T") from this event on.
      await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'open' });
      return row!;
    });
  }

  /** Entrants frozen at T (set-based), H and the count stored, the beacon round after T named. */
  private async freeze(drawId: string, behind: DrawIngestBehind[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await lockDraw(tx, drawId);
      if (current.status !== 'open') return;
      const [owner] = await tx.select().from(campaign).where(eq(campaign.id, current.campaignId));
      if (!owner) throw campaignNotFound();
      const closedAt = current.closedAt!;
      const frozen = await freezeEntrants(tx, drawId, owner, closedAt);
      const frozenAt = this.now();
      if (frozen.count === 0) {
        // Kept as failed, never dropped (decision 0200): its commitment was public, so its round stays in the
        // history and the numbers have no gaps.
        await tx
          .update(draw)
          .set({
            status: 'failed',
            frozenAt,
            ingestBehind: behind,
            entrantCount: 0,
            failure: 'no entrants',
            failureCode: 'noEntrants',
          })
          .where(eq(draw.id, drawId));
        await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'failed' });
        return;
      }
      const round = await this.beacon.roundAfter(closedAt);
      // A drand draw with a registry names its round with its public record (the next step), not here.
      const named = this.recorded && round.source.startsWith('drand:');
      await tx
        .update(draw)
        .set({
          status: 'closed',
          frozenAt,
          ingestBehind: behind,
          entrantCount: frozen.count,
          entrantsHash: frozen.hash,
          beaconSource: round.source,
          beaconRound: named ? null : round.round,
        })
        .where(eq(draw.id, drawId));
      await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'closed' });
    });
  }
}

/** The draw's row, locked for the rest of the transaction (the engine's steps and the freeze take turns on it). */
export async function lockDraw(tx: Tx, drawId: string): Promise<DrawRow> {
  const [row] = await tx.select().from(draw).where(eq(draw.id, drawId)).for('update');
  if (!row) throw notFound('drawNotFound', 'No such draw.');
  return row;
}
