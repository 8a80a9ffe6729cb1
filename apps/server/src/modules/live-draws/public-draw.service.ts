import { asc, eq } from 'drizzle-orm';
import { DRAW_ALGORITHM, verifyBeacon, type DrawProof, type PublishedBeacon } from '@hanabi/draw';
import type { DrawProofResponse, PublicBeaconVerdict, PublicDraw } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { appUser, campaign, winner } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { historyOf } from './draw-history.ts';
import { withheldOf } from './draw-record.ts';
import { toDrawSummary, type DrawRow, type DrawsRepository } from './draws.repository.ts';

/** Beacons already checked, by everything the check reads: a stored beacon never changes, a BLS check costs ms. */
const checkedBeacons = new Map<string, PublicBeaconVerdict>();
const CHECKED_BEACONS_KEPT = 1000;

/** The server's own check of a draw's stored beacon, as the public draw carries it (decision 0199). */
async function beaconVerdictOf(row: DrawRow): Promise<PublicBeaconVerdict | null> {
  if (!row.beaconSource || !row.beaconRound || !row.beaconValue) return null;
  const beacon: PublishedBeacon = {
    source: row.beaconSource,
    round: row.beaconRound,
    value: row.beaconValue,
    signature: row.beaconSignature,
    previousSignature: row.beaconPreviousSignature,
  };
  // A round named by the draw's public record need only follow the close, not be the first round after it
  // (decision 0202: the record went out a margin before it).
  const recorded = row.recordTxHash !== null;
  const key = JSON.stringify([beacon, row.closedAt?.toISOString() ?? null, recorded]);
  const known = checkedBeacons.get(key);
  if (known) return known;
  const verdict = await verifyBeacon(beacon, row.closedAt, { recorded });
  const answer: PublicBeaconVerdict =
    verdict.status === 'failed'
      ? { status: 'failed', problem: { code: verdict.problem.code, message: verdict.problem.message } }
      : { status: verdict.status, problem: null };
  if (checkedBeacons.size >= CHECKED_BEACONS_KEPT) checkedBeacons.delete(checkedBeacons.keys().next().value!);
  checkedBeacons.set(key, answer);
  return answer;
}

/** Where the draw's public record is (decision 0202), once written. */
function recordLocationOf(row: DrawRow): DrawProofResponse['record'] {
  if (!row.recordTxHash || row.recordChainId === null || !row.recordRegistry) return null;
  return { chainId: row.recordChainId, registry: row.recordRegistry, txHash: row.recordTxHash };
}

function recordOf(row: DrawRow): PublicDraw['record'] {
  const location = recordLocationOf(row);
  if (!location || row.recordBlock === null || !row.recordBlockTime || row.recordNumber === null) return null;
  return {
    ...location,
    blockNumber: row.recordBlock,
    blockTime: row.recordBlockTime.toISOString(),
    number: row.recordNumber,
  };
}

/**
 * The public side of a draw (the proof page `/draw/{id}` and `npm run verify-draw`). The secret S is never
 * sent before the draw is revealed; the proof (409 until then) is exactly `DrawProof` of `@hanabi/draw`.
 */
export class PublicDrawService {
  constructor(
    private readonly db: Db,
    private readonly draws: DrawsRepository,
  ) {}

  private async visible(id: string): Promise<{ row: DrawRow; title: string; streamerName: string }> {
    const row = await this.draws.findDraw(id);
    if (!row) throw notFound('drawNotFound', 'No such draw.');
    const [owner] = await this.db
      .select({
        title: campaign.title,
        status: campaign.status,
        name: appUser.name,
        suspended: appUser.suspendedAt,
      })
      .from(campaign)
      .innerJoin(appUser, eq(appUser.id, campaign.streamerId))
      .where(eq(campaign.id, row.campaignId));
    if (!owner || owner.status === 'draft' || owner.suspended)
      throw notFound('drawNotFound', 'No such draw.');
    return { row, title: owner.title, streamerName: owner.name };
  }

  private winnersOf(drawId: string) {
    return this.db
      .select({ entrantKey: winner.entrantKey, displayName: winner.displayName, status: winner.status })
      .from(winner)
      .where(eq(winner.drawId, drawId))
      .orderBy(asc(winner.position));
  }

  async get(id: string): Promise<PublicDraw> {
    const { row, title, streamerName } = await this.visible(id);
    // The campaign's draws and winners give this draw's winners and re-draws too: a read costs the same few
    // queries however many draws and winners there are.
    const [rows, campaignWinners, beaconVerdict] = await Promise.all([
      this.draws.draws(row.campaignId),
      this.draws.campaignWinners(row.campaignId),
      beaconVerdictOf(row),
    ]);
    const winners = campaignWinners
      .filter((item) => item.drawId === row.id)
      .sort((a, b) => a.position - b.position);
    const redraws = rows
      .filter((item) => item.redrawOf === row.id)
      .sort((a, b) => a.round - b.round)
      .map((item) => item.id);
    const revealed = row.status === 'revealed';
    const now = new Date();
    // The stored failure text stays the streamer's: the public reads `failureCode`.
    const { failure: _private, ...summary } = toDrawSummary(row);
    return {
      ...summary,
      failureCode: row.status === 'failed' ? (row.failureCode ?? 'other') : null,
      campaignTitle: title,
      streamerName,
      algorithm: DRAW_ALGORITHM,
      secret: revealed ? row.secretSeed : null,
      winners: winners.map((item) => ({
        entrantKey: item.entrantKey,
        displayName: item.displayName,
        excluded: item.status === 'excluded',
      })),
      redraws,
      history: historyOf(rows, campaignWinners, now),
      beaconVerdict,
      record: recordOf(row),
      withheld: withheldOf(row, now),
    };
  }

  async proof(id: string): Promise<DrawProof & DrawProofResponse> {
    const { row } = await this.visible(id);
    if (row.status !== 'revealed')
      throw conflict(
        'drawNotRevealed',
        'This draw has not been revealed yet: its proof comes with the reveal.',
      );
    const [entrants, winners] = await Promise.all([this.draws.entrantKeys(row.id), this.winnersOf(row.id)]);
    return {
      algorithm: DRAW_ALGORITHM,
      drawId: row.id,
      commitment: row.commitment,
      secret: row.secretSeed,
      entrants,
      entrantsHash: row.entrantsHash!,
      closedAt: row.closedAt!.toISOString(),
      beacon: {
        source: row.beaconSource!,
        round: row.beaconRound!,
        value: row.beaconValue!,
        signature: row.beaconSignature,
        previousSignature: row.beaconPreviousSignature,
      },
      seed: row.seed!,
      winnerCount: row.winnerCount,
      // In draw order, excluded ones included: the proof is of what was drawn, not of later edits.
      winners: winners.map((item) => item.entrantKey),
      record: recordLocationOf(row),
    };
  }
}
