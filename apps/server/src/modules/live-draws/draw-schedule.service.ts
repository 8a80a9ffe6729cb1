import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DrawSchedule } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { draw, drawSchedule } from '../../db/schema.ts';
import { rowsOf } from '../live-entries/index.ts';
import { AppError, businessRule } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import type { CampaignAccess, StreamPath } from './campaign-access.ts';
import type { DrawEngine } from './draw.engine.ts';
import { toSchedule, type DrawsRepository } from './draws.repository.ts';
import type { LivePlatform } from '@hanabi/api';

const MINUTE = 60_000;
/** A draw still open or closed this long after it started was left by a crash: the job finishes it. */
const STALE_DRAW_MS = 2 * MINUTE;

interface DueRound {
  campaignId: string;
  atEnd: boolean;
  platform: LivePlatform | null;
}

/**
 * Repeated draws per the campaign's draw mode, kept in `draw_schedule` so they survive restarts: every N
 * minutes one winner until the campaign's winnerCount is reached, or one draw of all remaining at the end.
 * The minutely job claims each due row with `FOR UPDATE SKIP LOCKED` and moves its `next_run_at` on in the same
 * transaction, before drawing: however many workers run the job, a due round is claimed once. A draw that then
 * crashes is finished by the stale-draw sweep (the engine's steps resume).
 */
export class DrawScheduleService {
  constructor(
    private readonly db: Db,
    private readonly access: CampaignAccess,
    private readonly draws: DrawsRepository,
    private readonly engine: DrawEngine,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async start(session: SessionUser, path: StreamPath, campaignId: string): Promise<DrawSchedule> {
    const owned = await this.access.ownStream(session, campaignId, path);
    if (owned.drawMode === 'manual') {
      throw businessRule(
        'drawsAreManual',
        'This campaign draws manually: change its draw mode to schedule draws.',
      );
    }
    if (owned.status === 'draft')
      throw businessRule('campaignNotPublished', 'Publish the campaign before scheduling draws.');
    const now = this.clock();
    const interval = owned.drawMode === 'everyNMinutes' ? (owned.drawIntervalMinutes ?? 0) : null;
    if (interval !== null && interval < 1)
      throw businessRule('noDrawInterval', 'The campaign has no draw interval.');
    const nextRunAt =
      interval !== null ? new Date(now.getTime() + interval * MINUTE) : new Date(owned.endsAt);
    const values = {
      active: true,
      intervalMinutes: interval,
      nextRunAt,
      platform: path.platform,
      startedBy: session.userId,
      startedAt: now,
      stoppedAt: null,
      updatedAt: now,
    };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(drawSchedule)
        .values({ campaignId: owned.id, ...values })
        .onConflictDoUpdate({ target: drawSchedule.campaignId, set: values });
      await publishLiveEvent(tx, owned.id, { type: 'winners' });
    });
    return toSchedule(await this.draws.schedule(owned.id));
  }

  async stop(session: SessionUser, path: StreamPath, campaignId: string): Promise<DrawSchedule> {
    const owned = await this.access.ownStream(session, campaignId, path);
    await this.deactivate(owned.id);
    return toSchedule(await this.draws.schedule(owned.id));
  }

  private async deactivate(campaignId: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const stopped = await tx
        .update(drawSchedule)
        .set({ active: false, stoppedAt: now, updatedAt: now })
        .where(and(eq(drawSchedule.campaignId, campaignId), eq(drawSchedule.active, true)))
        .returning({ id: drawSchedule.campaignId });
      if (stopped.length > 0) await publishLiveEvent(tx, campaignId, { type: 'winners' });
    });
  }

  /** One pass of the minutely job: finish crashed draws, then run every due round once. */
  async runDue(): Promise<{ rounds: number; resumed: number }> {
    const resumed = await this.finishStaleDraws();
    let rounds = 0;
    for (;;) {
      const claimed = await this.claimDue();
      if (!claimed) break;
      rounds += 1;
      await this.runRound(claimed);
    }
    return { rounds, resumed };
  }

  /** Claims the next due schedule row and advances it, in one transaction; null when none is due. */
  private async claimDue(): Promise<DueRound | null> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(drawSchedule)
        .where(and(eq(drawSchedule.active, true), lte(drawSchedule.nextRunAt, now)))
        .orderBy(asc(drawSchedule.nextRunAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const atEnd = due.intervalMinutes === null;
      // Rounds missed while no worker ran are not made up: the next one is an interval from now.
      await tx
        .update(drawSchedule)
        .set(
          atEnd
            ? { active: false, stoppedAt: now, updatedAt: now }
            : { nextRunAt: new Date(now.getTime() + due.intervalMinutes! * MINUTE), updatedAt: now },
        )
        .where(eq(drawSchedule.campaignId, due.campaignId));
      return { campaignId: due.campaignId, atEnd, platform: due.platform };
    });
  }

  private async runRound(round: DueRound): Promise<void> {
    try {
      await this.engine.run({
        campaignId: round.campaignId,
        count: round.atEnd ? 'remaining' : 1,
        trigger: round.atEnd ? 'atEnd' : 'schedule',
        requestedBy: null,
        platform: round.platform,
      });
    } catch (error) {
      if (!(error instanceof AppError)) {
        this.log.error({ err: error, campaignId: round.campaignId }, 'scheduled draw failed');
        return;
      }
      // Nobody eligible yet, or a draw running: this round is skipped, the next one tries again.
      this.log.info({ campaignId: round.campaignId, reason: error.message }, 'scheduled draw skipped');
    }
    if (await this.complete(round.campaignId)) await this.deactivate(round.campaignId);
  }

  /** Every winner drawn (or the campaign gone): the schedule has nothing left to do. */
  private async complete(campaignId: string): Promise<boolean> {
    const [row] = rowsOf<{ winner_count: number; standing: number }>(
      await this.db.execute(sql`
        select c.winner_count,
          (select count(*)::int from winner w where w.campaign_id = c.id and w.status <> 'excluded') as standing
        from campaign c where c.id = ${campaignId}`),
    );
    return !row || Number(row.standing) >= Number(row.winner_count);
  }

  private async finishStaleDraws(): Promise<number> {
    const stale = await this.db
      .select({ id: draw.id })
      .from(draw)
      .where(
        and(
          inArray(draw.status, ['open', 'closed']),
          lt(draw.createdAt, new Date(this.clock().getTime() - STALE_DRAW_MS)),
        ),
      );
    for (const row of stale) {
      try {
        await this.engine.resume(row.id);
      } catch (error) {
        this.log.warn({ err: error, drawId: row.id }, 'could not finish an interrupted draw yet');
      }
    }
    return stale.length;
  }
}
