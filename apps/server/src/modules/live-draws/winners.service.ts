import crypto from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DrawBody, WinnerEditBody, WinnerList } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { runIdempotent } from '../../db/idempotent-write.ts';
import { campaign, winner, winnerChange } from '../../db/schema.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import type { CampaignAccess, StreamPath } from './campaign-access.ts';
import type { DrawEngine, DrawIntent } from './draw.engine.ts';
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

  /**
   * A manual draw: `count` winners, or all remaining. 422 when nothing remains or nobody is eligible, 409 while
   * another draw of the campaign runs. One draw per Idempotency-Key (decision 0200): a repeat follows it.
   */
  async draw(
    session: SessionUser,
    path: StreamPath,
    body: DrawBody,
    idempotencyKey?: string,
  ): Promise<WinnerList> {
    const owned = await this.access.ownStream(session, body.campaignId, path);
    await this.engine.run(
      {
        campaignId: owned.id,
        count: body.count ?? 'remaining',
        trigger: 'manual',
        requestedBy: session.userId,
        platform: path.platform,
      },
      { scope: `draws.draw:${session.userId}:${owned.id}`, key: idempotencyKey, body: { path, body } },
    );
    return this.winnerList(owned.id, owned.winnerCount);
  }

  /**
   * Excludes winners (logged with actor, reason from the list, the streamer's words and the time; all public)
   * and, by default, replaces them: one re-draw per original draw, drawing as many as were excluded from it,
   * linked by `redrawOf`, with its own proof. A winner already handed to the delivery engine cannot be excluded
   * (its prize may be on chain already). With an Idempotency-Key the exclusions and each re-draw happen once
   * (decision 0200): a repeat answers as the first request did.
   */
  async edit(
    session: SessionUser,
    path: StreamPath,
    body: WinnerEditBody,
    idempotencyKey?: string,
  ): Promise<WinnerList> {
    const owned = await this.access.ownStream(session, body.campaignId, path);
    const actorId = session.userId;
    const scope = `draws.edit:${actorId}:${owned.id}`;
    const intent = { path, body };
    const reasons = new Map(body.winners.map((item) => [item.id, item]));
    const excluded = await runIdempotent(this.db, scope, idempotencyKey, intent, async (tx) => {
      await tx.select({ id: campaign.id }).from(campaign).where(eq(campaign.id, owned.id)).for('update');
      const rows = await tx
        .select()
        .from(winner)
        .where(and(eq(winner.campaignId, owned.id), inArray(winner.id, [...reasons.keys()])))
        .for('update');
      if (rows.length !== reasons.size)
        throw notFound('winnerNotFound', 'No winner of this campaign with one of these ids.');
      const handedOver = rows.filter((row) => row.status !== 'excluded' && row.distributedAt !== null);
      if (handedOver.length > 0) {
        throw businessRule(
          'winnerAlreadyDistributed',
          'A winner whose prize has been handed to delivery cannot be excluded.',
          [
            ...handedOver.map((row) => ({
              field: 'winners',
              message: `${row.displayName} has been distributed`,
            })),
          ],
        );
      }
      const byDraw = new Map<string, string[]>();
      const now = new Date();
      for (const row of rows) {
        if (row.status === 'excluded') continue; // excluding twice changes nothing
        const { reasonCode, reason } = reasons.get(row.id)!;
        await tx
          .update(winner)
          .set({
            status: 'excluded',
            excludedAt: now,
            excludedReason: reason,
            excludedReasonCode: reasonCode,
          })
          .where(eq(winner.id, row.id));
        await tx.insert(winnerChange).values({
          id: crypto.randomUUID(),
          campaignId: owned.id,
          winnerId: row.id,
          actorId,
          action: 'exclude',
          details: {
            reasonCode,
            reason,
            drawId: row.drawId,
            entrantKey: row.entrantKey,
            displayName: row.displayName,
          },
        });
        byDraw.set(row.drawId, [...(byDraw.get(row.drawId) ?? []), row.id]);
      }
      if (byDraw.size > 0) await publishLiveEvent(tx, owned.id, { type: 'winners' });
      return [...byDraw];
    });

    if (body.redraw) {
      for (const [drawId, replaced] of excluded) {
        // Each re-draw is its own once-per-key write: a repeat follows the draw the first request opened.
        const redrawIntent = { scope: `${scope}:redraw:${drawId}`, key: idempotencyKey, body: intent };
        await this.redraw(owned.id, drawId, replaced, actorId, path, redrawIntent);
      }
    }
    return this.winnerList(owned.id, owned.winnerCount);
  }

  private async redraw(
    campaignId: string,
    drawId: string,
    replaced: string[],
    actorId: string | null,
    path: StreamPath,
    intent: DrawIntent,
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
      await this.engine.run(
        {
          campaignId,
          count,
          trigger: 'redraw',
          requestedBy: actorId,
          platform: path.platform,
          redrawOf: drawId,
          replaces: replaced,
        },
        intent,
      );
    } catch (error) {
      // The exclusions stand either way; the streamer can draw the remaining winners later.
      if (!(error instanceof AppError)) throw error;
      this.log.info({ campaignId, drawId, err: error }, 're-draw did not happen');
      await log('redrawFailed', { redrawOf: drawId, replaced, reason: error.message });
    }
  }
}
