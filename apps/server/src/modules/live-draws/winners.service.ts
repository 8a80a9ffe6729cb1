import crypto from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DrawBody, WinnerEditBody, WinnerList } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { campaign, winner, winnerChange } from '../../db/schema.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import type { CampaignAccess, StreamPath } from './campaign-access.ts';
import type { DrawEngine } from './draw.engine.ts';
import { toDrawSummary, toSchedule, type DrawsRepository } from './draws.repository.ts';

/** The streamer's winners page: the list, manual draws, and exclusions with their re-draws. */
export class WinnersService {
  constructor(
    private readonly db: Db,
    private readonly access: CampaignAccess,
    private readonly draws: DrawsRepository,
    private readonly engine: DrawEngine,
    private readonly log: Logger,
  ) {}

  async list(session: SessionUser, path: StreamPath, campaignId: string): Promise<WinnerList> {
    const owned = await this.access.ownStream(session, campaignId, path);
    return this.winnerList(owned.id, owned.winnerCount);
  }

  async winnerList(campaignId: string, winnerCount: number): Promise<WinnerList> {
    const [winners, draws, schedule, changes] = await Promise.all([
      this.draws.campaignWinners(campaignId),
      this.draws.draws(campaignId),
      this.draws.schedule(campaignId),
      this.draws.changes(campaignId),
    ]);
    const standing = winners.filter((row) => row.status !== 'excluded').length;
    return {
      campaignId,
      winners,
      draws: draws.map(toDrawSummary),
      schedule: toSchedule(schedule),
      remaining: Math.max(0, winnerCount - standing),
      changes,
    };
  }

  /** A manual draw: `count` winners, or all remaining. 422 when nothing remains or nobody is eligible. */
  async draw(session: SessionUser, path: StreamPath, body: DrawBody): Promise<WinnerList> {
    const owned = await this.access.ownStream(session, body.campaignId, path);
    await this.engine.run({
      campaignId: owned.id,
      count: body.count ?? 'remaining',
      trigger: 'manual',
      requestedBy: session.userId,
      platform: path.platform,
    });
    return this.winnerList(owned.id, owned.winnerCount);
  }

  /**
   * Excludes winners (logged with actor and reason) and, by default, replaces them: one re-draw per original
   * draw, drawing as many as were excluded from it, linked by `redrawOf`, with its own proof. A winner already
   * handed to the delivery engine cannot be excluded (its prize may be on chain already).
   */
  async edit(session: SessionUser, path: StreamPath, body: WinnerEditBody): Promise<WinnerList> {
    const owned = await this.access.ownStream(session, body.campaignId, path);
    const actorId = session.userId;
    const reasons = new Map(body.winners.map((item) => [item.id, item.reason]));
    const excludedByDraw = await this.db.transaction(async (tx) => {
      await tx.select({ id: campaign.id }).from(campaign).where(eq(campaign.id, owned.id)).for('update');
      const rows = await tx
        .select()
        .from(winner)
        .where(and(eq(winner.campaignId, owned.id), inArray(winner.id, [...reasons.keys()])))
        .for('update');
      if (rows.length !== reasons.size) throw notFound('No winner of this campaign with one of these ids.');
      const handedOver = rows.filter((row) => row.status !== 'excluded' && row.distributedAt !== null);
      if (handedOver.length > 0) {
        throw businessRule(
          'A winner whose prize has been handed to delivery cannot be excluded.',
          [
            ...handedOver.map((row) => ({
              field: 'winners',
              message: `${row.displayName} has been distributed`,
            })),
          ],
          'winnerAlreadyDistributed',
        );
      }
      const byDraw = new Map<string, string[]>();
      const now = new Date();
      for (const row of rows) {
        if (row.status === 'excluded') continue; // excluding twice changes nothing
        const reason = reasons.get(row.id)!;
        await tx
          .update(winner)
          .set({ status: 'excluded', excludedAt: now, excludedReason: reason })
          .where(eq(winner.id, row.id));
        await tx.insert(winnerChange).values({
          id: crypto.randomUUID(),
          campaignId: owned.id,
          winnerId: row.id,
          actorId,
          action: 'exclude',
          details: { reason, drawId: row.drawId, entrantKey: row.entrantKey, displayName: row.displayName },
        });
        byDraw.set(row.drawId, [...(byDraw.get(row.drawId) ?? []), row.id]);
      }
      if (byDraw.size > 0) await publishLiveEvent(tx, owned.id, { type: 'winners' });
      return byDraw;
    });

    if (body.redraw) {
      for (const [drawId, replaced] of excludedByDraw)
        await this.redraw(owned.id, drawId, replaced, actorId, path);
    }
    return this.winnerList(owned.id, owned.winnerCount);
  }

  private async redraw(
    campaignId: string,
    drawId: string,
    replaced: string[],
    actorId: string | null,
    path: StreamPath,
  ): Promise<void> {
    const log = (action: string, details: Record<string, unknown>) =>
      this.db.insert(winnerChange).values({
        id: crypto.randomUUID(),
        campaignId,
        winnerId: null,
        actorId,
        action,
        details,
      });
    try {
      const [left] = await this.db
        .select({
          remaining: sql<number>`(select winner_count from campaign where id = ${campaignId}) - count(*)::int`,
        })
        .from(winner)
        .where(and(eq(winner.campaignId, campaignId), ne(winner.status, 'excluded')));
      const count = Math.min(replaced.length, Number(left?.remaining ?? 0));
      if (count <= 0) return;
      const done = await this.engine.run({
        campaignId,
        count,
        trigger: 'redraw',
        requestedBy: actorId,
        platform: path.platform,
        redrawOf: drawId,
      });
      await log('redraw', { drawId: done.id, redrawOf: drawId, replaced, count });
    } catch (error) {
      // The exclusions stand either way; the streamer can draw the remaining winners later.
      if (!(error instanceof AppError)) throw error;
      this.log.info({ campaignId, drawId, err: error }, 're-draw did not happen');
      await log('redrawFailed', { redrawOf: drawId, replaced, reason: error.message });
    }
  }
}
