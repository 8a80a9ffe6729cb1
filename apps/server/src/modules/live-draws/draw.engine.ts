import crypto from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { newSecret, pickWinners, seedOf, verifyBeacon } from '@hanabi/draw';
import type { DrawFailure } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { runIdempotent, storedIdempotentResponse } from '../../db/idempotent-write.ts';
import { campaign, draw, drawEntrant, winner, winnerChange } from '../../db/schema.ts';
import { AppError, businessRule, campaignNotFound, conflict, notFound } from '../../lib/app-error.ts';
import { AdapterError, isAdapterError } from '../../adapters/adapter-error.ts';
import type { BeaconAdapter } from '../../adapters/beacon/index.ts';
import type { Logger } from '../../logger.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { countDraw, type DrawOutcome } from '../metrics/index.ts';
import type { EntrantIdentity } from '../live-entries/index.ts';
import { DrawFreeze, lockDraw, type IngestWait } from './draw-freeze.ts';
import { DrawRecords, type DrawRecordSeam } from './draw-record.ts';

export type DrawRow = typeof draw.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What an intent key remembers: the draw it opened. */
type Opened = { drawId: string };

/** What the engine takes from outside, so tests can fix the secret, the id, the beacon and the time. */
export interface DrawSeams {
  beacon: BeaconAdapter;
  /** The draw registry (decision 0202): drand draws publish their record before their round is named. */
  record?: DrawRecordSeam;
  /** The freeze's wait for ingestion to pass T (decision 0204); none: the entrants freeze at once. */
  ingestWait?: IngestWait;
  secret?: () => Promise<{ secret: string; commitment: string }>;
  newId?: () => string;
  clock?: () => Date;
}

export interface DrawRequest {
  campaignId: string;
  /** A number, or every winner still to draw. */
  count: number | 'remaining';
  trigger: DrawRow['trigger'];
  requestedBy: string | null;
  platform: DrawRow['platform'];
  redrawOf?: string | null;
  /** The excluded winners a re-draw replaces (marked `replaced_by` when it opens). */
  replaces?: string[];
}

/** One user intent (decision 0200): the same Idempotency-Key under `scope` opens at most one draw. */
export interface DrawIntent {
  scope: string;
  key: string | undefined;
  /** What the client sent; the same key with another body is refused (422). */
  body: unknown;
}

/** Draws that have not finished: at most one per campaign (the open step checks under the campaign's row lock). */
const PENDING = ['open', 'closed'] as const;

/**
 * The verifiable draw, docs/design.md §7, as four persisted steps — open (S, C), close (T fixed, then entrants
 * frozen at T once ingestion has passed it, H, the beacon round named; `draw-freeze.ts`), beacon (its value fetched), reveal (seed, winners). Each step is one transaction
 * that re-reads the draw under `FOR UPDATE` and does nothing when the draw is already past it, so a draw left
 * behind by a crash is finished by `resume` (the next request, or the minutely job) with the same outcome,
 * however many processes try at once. One draw at a time per campaign: the open step holds the campaign row
 * and refuses while another draw is pending.
 */
export class DrawEngine {
  private readonly records: DrawRecords | null;
  private readonly freeze: DrawFreeze;

  constructor(
    private readonly db: Db,
    private readonly seams: DrawSeams,
    private readonly log: Logger,
  ) {
    const now = () => this.now();
    this.records = seams.record ? new DrawRecords(db, seams.beacon, seams.record, log, now) : null;
    const wait = seams.ingestWait ?? { boundMs: 0 };
    this.freeze = new DrawFreeze(db, seams.beacon, wait, this.records !== null, log, now);
  }

  private now(): Date {
    return this.seams.clock?.() ?? new Date();
  }

  /**
   * Runs one draw to the end, or to the wait for ingestion to pass its close time (then it answers the draw still
   * open with its T; a job finishes it, decision 0204). With an intent key, the open step and the key's record commit together, so every
   * request with that key follows the one draw it opened (however many arrive at once) and answers as it did.
   * A draw of the campaign still pending refuses a new one (409), after helping it finish: a second click while
   * a draw runs is the same intent, never a second draw.
   */
  async run(request: DrawRequest, intent?: DrawIntent): Promise<DrawRow> {
    const pending = await this.db
      .select({ id: draw.id })
      .from(draw)
      .where(and(eq(draw.campaignId, request.campaignId), inArray(draw.status, [...PENDING])));
    // Read after the pending draws: a twin's draw seen pending has its key record committed with it.
    const stored =
      intent && (await storedIdempotentResponse<Opened>(this.db, intent.scope, intent.key, intent.body));
    if (stored) return this.settled(await this.resume(stored.drawId));
    if (pending.length > 0) {
      for (const row of pending) await this.resume(row.id);
      throw conflict(
        'drawInProgress',
        'Another draw of this campaign was running; look at its result before drawing again.',
      );
    }
    const opened = await this.open(request, intent);
    return this.settled(await this.resume(opened.drawId));
  }

  /** A draw voided by a late record was drawn again (the next round of the campaign): its answer is that one's. */
  private async recommitted(row: DrawRow): Promise<DrawRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [next] = await this.db
        .select()
        .from(draw)
        .where(and(eq(draw.campaignId, row.campaignId), eq(draw.round, row.round + 1)));
      const settled = next
        ? await this.resume(next.id)
        : await this.resume(
            (
              await this.open({
                campaignId: row.campaignId,
                count: row.winnerCount,
                trigger: row.trigger,
                requestedBy: row.requestedBy,
                platform: row.platform,
                redrawOf: row.redrawOf,
              })
            ).drawId,
          );
      if (settled.failureCode !== 'recordLate') return settled;
      row = settled;
    }
    throw new AppError(
      'UNAVAILABLE',
      "The chain is too slow to publish draws' records in time; try again later.",
    );
  }

  /** The answer a finished draw gives its request: a failed one is the error its failure means. */
  private async settled(row: DrawRow): Promise<DrawRow> {
    if (row.status !== 'failed') return row;
    if (row.failureCode === 'recordLate') return this.settled(await this.recommitted(row));
    if (row.failureCode === 'noEntrants')
      throw businessRule('noEligibleEntrants', 'Nobody is eligible: no comment matches the entry rule yet.');
    if (row.failureCode === 'beaconRefused')
      throw new AppError('UNAVAILABLE', 'The public randomness beacon refused: the draw failed.');
    return row;
  }

  /**
   * Takes a draw through whatever steps it has left. A draw whose close waits for ingestion to pass T comes back
   * still open: the wait's recheck (or the next `resume`) takes it on, and no request waits for it.
   */
  async resume(drawId: string): Promise<DrawRow> {
    try {
      if ((await this.freeze.close(drawId)) === 'waiting') return this.find(drawId);
      if ((await this.records?.write(await this.find(drawId))) === 'late') {
        await this.fail(drawId, 'record mined after its round was public', 'recordLate');
        return this.find(drawId);
      }
      await this.fetchBeacon(drawId);
      await this.records?.check(await this.find(drawId));
      await this.reveal(drawId);
    } catch (error) {
      if (isAdapterError(error) && error.kind !== 'permanent' && error.kind !== 'auth') {
        this.log.warn(
          { err: error, drawId },
          'draw beacon unavailable or refused; the draw stays closed and is finished later',
        );
        throw new AppError(
          'UNAVAILABLE',
          /refused/.test(error.message)
            ? 'The public randomness beacon sent a value that does not verify; it was not used, and the draw will finish once a verified one arrives.'
            : 'The public randomness beacon is not reachable right now; the draw will finish shortly.',
        );
      }
      if (isAdapterError(error)) {
        await this.fail(drawId, `beacon: ${error.message}`, 'beaconRefused');
        throw new AppError('UNAVAILABLE', 'The public randomness beacon refused: the draw failed.');
      }
      throw error;
    }
    return this.find(drawId);
  }

  async find(drawId: string): Promise<DrawRow> {
    const [row] = await this.db.select().from(draw).where(eq(draw.id, drawId));
    if (!row) throw notFound('drawNotFound', 'No such draw.');
    return row;
  }

  /**
   * Step 1: a round with a fresh secret S; its commitment C is published before any entrant is frozen. With an
   * intent key the round and the key's record commit together: a key seen before answers the round it opened.
   */
  private async open(request: DrawRequest, intent?: DrawIntent): Promise<Opened> {
    const { secret, commitment } = await (this.seams.secret ?? newSecret)();
    const id = this.seams.newId?.() ?? crypto.randomUUID();
    return runIdempotent<Opened>(
      this.db,
      intent?.scope ?? 'draw.open',
      intent?.key,
      intent?.body,
      async (tx) => ({ drawId: (await this.openIn(tx, request, id, secret, commitment)).id }),
    );
  }

  private async openIn(
    tx: Tx,
    request: DrawRequest,
    id: string,
    secret: string,
    commitment: string,
  ): Promise<DrawRow> {
    const [owner] = await tx.select().from(campaign).where(eq(campaign.id, request.campaignId)).for('update');
    if (!owner) throw campaignNotFound();
    if (owner.status === 'draft')
      throw businessRule('campaignNotPublished', 'Publish the campaign before drawing winners.');
    const [busy] = await tx
      .select({ id: draw.id })
      .from(draw)
      .where(and(eq(draw.campaignId, owner.id), inArray(draw.status, [...PENDING])));
    if (busy)
      throw conflict('drawInProgress', 'Another draw of this campaign is running; try again in a moment.');
    const [drawn] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(winner)
      .where(and(eq(winner.campaignId, owner.id), ne(winner.status, 'excluded')));
    const remaining = owner.winnerCount - Number(drawn?.count ?? 0);
    const count = request.count === 'remaining' ? remaining : request.count;
    if (remaining <= 0)
      throw businessRule('allWinnersDrawn', 'Every winner of this campaign has been drawn.');
    if (count > remaining)
      throw businessRule('tooManyWinnersRequested', `Only ${remaining} winner(s) remain to be drawn.`);
    const [last] = await tx
      .select({ round: sql<number>`coalesce(max(${draw.round}), 0)::int` })
      .from(draw)
      .where(eq(draw.campaignId, owner.id));
    const [row] = await tx
      .insert(draw)
      .values({
        id,
        campaignId: owner.id,
        round: Number(last?.round ?? 0) + 1,
        status: 'open',
        commitment,
        secretSeed: secret,
        winnerCount: count,
        trigger: request.trigger,
        requestedBy: request.requestedBy,
        platform: request.platform,
        redrawOf: request.redrawOf ?? null,
      })
      .returning();
    if (request.replaces?.length) {
      // Logged with the draw it opens, so a repeated request that follows this draw logs nothing again.
      await tx
        .update(winner)
        .set({ replacedBy: id })
        .where(and(eq(winner.campaignId, owner.id), inArray(winner.id, request.replaces)));
      await tx.insert(winnerChange).values({
        id: crypto.randomUUID(),
        campaignId: owner.id,
        winnerId: null,
        actorId: request.requestedBy,
        action: 'redraw',
        details: { drawId: id, redrawOf: request.redrawOf ?? null, replaced: request.replaces, count },
      });
    }
    await publishLiveEvent(tx, owner.id, { type: 'draw', drawId: id, status: 'open' });
    return row!;
  }

  /** Step 3: the named round's value (outside any transaction: drand may make us wait a few seconds). */
  private async fetchBeacon(drawId: string): Promise<void> {
    const current = await this.find(drawId);
    if (current.status !== 'closed' || current.beaconValue || !current.beaconRound) return;
    const value = await this.seams.beacon.value({
      source: current.beaconSource!,
      round: current.beaconRound!,
    });
    await this.db
      .update(draw)
      .set({
        beaconValue: value.value,
        beaconSignature: value.signature ?? null,
        beaconPreviousSignature: value.previousSignature ?? null,
      })
      .where(and(eq(draw.id, drawId), eq(draw.status, 'closed'), sql`${draw.beaconValue} is null`));
  }

  /**
   * Step 4: the stored beacon checked as every proof reader will check it (drand: signature against the pinned
   * key, B = SHA-256(signature), the first round after T; decisions 0170, 0199), then seed = SHA-256(S ‖ H ‖ B ‖ id),
   * winners sampled, S revealed. A beacon that fails is dropped, never revealed with: fetched again later.
   */
  private async reveal(drawId: string): Promise<void> {
    let ended: DrawOutcome | null = null; // counted once the transaction committed
    const refused = await this.db.transaction(async (tx) => {
      ended = null;
      const current = await lockDraw(tx, drawId);
      if (current.status !== 'closed' || !current.beaconValue) return null;
      const verdict = await verifyBeacon(
        {
          source: current.beaconSource!,
          round: current.beaconRound!,
          value: current.beaconValue,
          signature: current.beaconSignature,
          previousSignature: current.beaconPreviousSignature,
        },
        current.closedAt,
        { recorded: current.recordTxHash !== null },
      );
      if (verdict.status === 'failed') {
        await tx
          .update(draw)
          .set({ beaconValue: null, beaconSignature: null, beaconPreviousSignature: null })
          .where(eq(draw.id, drawId));
        return verdict.problem.message;
      }
      const seed = await seedOf({
        secret: current.secretSeed,
        entrantsHash: current.entrantsHash!,
        beaconValue: current.beaconValue,
        drawId,
      });
      const positions = await pickWinners(seed, current.entrantCount!, current.winnerCount);
      const entrants = await tx
        .select()
        .from(drawEntrant)
        .where(and(eq(drawEntrant.drawId, drawId), inArray(drawEntrant.position, positions)));
      const byPosition = new Map(entrants.map((row) => [row.position, row]));
      const unknown = entrants.find((row) => identityOf(row) === null);
      if (unknown) {
        // Only a row frozen before migration 0017 whose linked person had unlinked by then (decision 0182): no
        // winner gets a made-up identity; the draw fails with why and the streamer draws again.
        this.log.warn({ drawId, entrantKey: unknown.entrantKey }, 'draw winner has no stored identity');
        await tx
          .update(draw)
          .set({
            status: 'failed',
            failure: `entrant identity unknown: ${unknown.entrantKey}`,
            failureCode: 'entrantUnknown',
          })
          .where(eq(draw.id, drawId));
        await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'failed' });
        ended = 'failed';
        return;
      }
      if (positions.length > 0) {
        await tx.insert(winner).values(
          positions.map((position, order) => {
            const entrant = byPosition.get(position)!;
            const identity = identityOf(entrant)!;
            return {
              id: this.seams.newId?.() ?? crypto.randomUUID(),
              drawId,
              campaignId: current.campaignId,
              position: order,
              entrantKey: entrant.entrantKey,
              platform: identity.platform,
              platformUserId: identity.platformUserId,
              displayName: entrant.displayName,
              userId: identity.userId,
              status: 'drawn' as const,
            };
          }),
        );
      }
      await tx
        .update(draw)
        .set({ status: 'revealed', seed, revealedAt: this.now() })
        .where(eq(draw.id, drawId));
      // The draw that fills the campaign's winners closes entries for good at its close time T (decision 0072):
      // comments after T never enter, so counts stop rising and re-draws pick from the same people.
      await tx.execute(sql`
        update campaign set entries_closed_at = ${current.closedAt!.toISOString()}::timestamptz
        where id = ${current.campaignId} and entries_closed_at is null
          and winner_count <= (select count(*) from winner
            where campaign_id = ${current.campaignId} and status <> 'excluded')`);
      await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'revealed' });
      await publishLiveEvent(tx, current.campaignId, { type: 'winners' });
      ended = 'revealed';
      return null;
    });
    if (ended) countDraw(ended);
    if (refused) {
      this.log.error({ drawId, problem: refused }, 'draw beacon failed its check: not revealed with it');
      throw new AdapterError('retryable', 'beacon', `beacon refused: ${refused}`);
    }
    this.log.info({ drawId }, 'draw revealed');
  }

  /** Ends a draw that cannot finish (kept, with why, so its commitment is never silently dropped). */
  async fail(drawId: string, failure: string, failureCode: DrawFailure = 'other'): Promise<void> {
    const failed = await this.db.transaction(async (tx) => {
      const current = await lockDraw(tx, drawId);
      if (current.status !== 'open' && current.status !== 'closed') return false;
      await tx.update(draw).set({ status: 'failed', failure, failureCode }).where(eq(draw.id, drawId));
      await publishLiveEvent(tx, current.campaignId, { type: 'draw', drawId, status: 'failed' });
      return true;
    });
    if (failed) countDraw('failed');
  }
}

/** Who a frozen entrant's key stood for, as the freeze stored it (decision 0182); null on a legacy row without. */
function identityOf(row: typeof drawEntrant.$inferSelect): EntrantIdentity | null {
  if (!row.platform || !row.platformUserId) return null;
  return { platform: row.platform, platformUserId: row.platformUserId, userId: row.userId };
}
