import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { DRAND_CHAINS, drandRoundTime, type DrandChain } from '@hanabi/draw';
import { DRAW_REVEAL_DUE_MINUTES, type DrawWithheld } from '@hanabi/api';
import {
  recordIsLate,
  recordMismatches,
  recordProblems,
  type CommitmentRecord,
  type RecordedPart,
} from '@hanabi/draw/record';
import { sealSecret, sealsTo } from '@hanabi/draw/timelock';
import type { DrawRecordInput } from '../../adapters/chain/index.ts';
import type { BeaconAdapter } from '../../adapters/beacon/index.ts';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { Db } from '../../db/client.ts';
import { draw } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';

type DrawRow = typeof draw.$inferSelect;

/** The draw registry as the engine sees it (decision 0202). */
export interface DrawRecordPort {
  /**
   * Writes a draw's record, or answers the one already written for that draw id (a crash after the send, another
   * process): the record on chain, not the input, is what the draw then follows.
   */
  publish(input: DrawRecordInput): Promise<CommitmentRecord>;
  read(txHash: string): Promise<CommitmentRecord>;
}

/** How the engine reaches the registry: reads here; writes here too, or through a worker (`handOff`). */
export interface DrawRecordSeam {
  port: () => Promise<DrawRecordPort>;
  /** How long after the record is sent its round is published, at least. */
  marginMs: number;
  /** This process holds no signer: a worker writes the record (and finishes the draw); resolves once written. */
  handOff?: (drawId: string) => Promise<void>;
}

/** The drand chain of a draw's beacon, when it is a drand draw. */
export function drandChainOf(row: Pick<DrawRow, 'beaconSource'>): DrandChain | null {
  const hash = row.beaconSource?.startsWith('drand:') ? row.beaconSource.slice('drand:'.length) : null;
  return (hash && DRAND_CHAINS[hash]) || null;
}

/**
 * Whether a committed draw's result is withheld at `now`: its round was published more than
 * DRAW_REVEAL_DUE_MINUTES ago and it is still not revealed (a draw the server lost track of is finished by the
 * schedule's sweep of stale draws well within that). Only drand draws: a practice draw's randomness is the server's own anyway.
 */
export function withheldOf(
  row: Pick<DrawRow, 'status' | 'beaconSource' | 'beaconRound' | 'sealedSecret'>,
  now: Date,
): DrawWithheld | null {
  const chain = drandChainOf(row);
  if (row.status !== 'closed' || !chain || !row.beaconRound) return null;
  const due = (drandRoundTime(chain, Number(row.beaconRound)) + DRAW_REVEAL_DUE_MINUTES * 60) * 1000;
  if (now.getTime() < due) return null;
  return { since: new Date(due).toISOString(), sealed: Boolean(row.sealedSecret) };
}

/** What the record fixes of a draw, from its row, with the round the record names. */
function recordedPart(row: DrawRow, round: number): RecordedPart {
  return {
    drawId: row.id,
    commitment: row.commitment,
    entrantsHash: row.entrantsHash ?? '',
    closedAt: row.closedAt?.toISOString() ?? null,
    beacon: { source: row.beaconSource ?? '', round: String(round) },
  };
}

/**
 * The record step of a drand draw, between the freeze and the beacon: the round r is named only now, as the first
 * published at least `marginMs` after the record is sent; S is sealed to r (where the chain serves timelock); the
 * record goes to the registry and its block time comes back. A record mined once r was already public fixes
 * nothing: the draw is void (failed, `recordLate`) and the engine draws again with a new round.
 */
export class DrawRecords {
  constructor(
    private readonly db: Db,
    private readonly beacon: BeaconAdapter,
    private readonly seam: DrawRecordSeam,
    private readonly log: Logger,
    private readonly clock: () => Date,
  ) {}

  /** Writes the record of a closed drand draw that has none yet; answers whether the record came too late. */
  async write(row: DrawRow): Promise<'written' | 'late' | 'none'> {
    const chain = drandChainOf(row);
    if (row.status !== 'closed' || row.recordTxHash || !chain) return 'none';
    if (this.seam.handOff) {
      await this.seam.handOff(row.id);
      return 'written';
    }
    const port = await this.seam.port();
    const sendBy = new Date(this.clock().getTime() + this.seam.marginMs);
    const round = Number((await this.beacon.roundAfter(sendBy)).round);
    const [committed] = await this.db
      .select({ count: count() })
      .from(draw)
      .where(and(eq(draw.campaignId, row.campaignId), isNotNull(draw.recordTxHash)));
    const record = await port.publish({
      campaignId: row.campaignId,
      number: Number(committed?.count ?? 0) + 1,
      drawId: row.id,
      commitment: row.commitment,
      entrantsHash: row.entrantsHash!,
      closedAt: row.closedAt!,
      beaconChain: chain.chainHash,
      beaconRound: round,
      sealedSecret: sealsTo(chain) ? await sealSecret(row.secretSeed, chain, round) : '',
    });
    // The chain's record of this draw id must be this draw: anything else means the row was changed.
    const mismatch = recordMismatches(recordedPart(row, record.beaconRound), record, chain);
    if (mismatch.length > 0) {
      this.log.error({ drawId: row.id, mismatch }, 'the draw registry holds another record for this draw');
      throw new Error(`draw ${row.id} does not match its public record: ${mismatch.join('; ')}`);
    }
    await this.db
      .update(draw)
      .set({
        beaconRound: String(record.beaconRound),
        sealedSecret: record.sealedSecret,
        recordTxHash: record.txHash,
        recordChainId: record.chainId,
        recordRegistry: record.registry,
        recordBlock: record.blockNumber,
        recordBlockTime: new Date(record.blockTime * 1000),
        recordNumber: record.number,
      })
      .where(and(eq(draw.id, row.id), eq(draw.status, 'closed'), isNull(draw.recordTxHash)));
    const late = recordIsLate(record, chain);
    this.log.info(
      { drawId: row.id, txHash: record.txHash, round: record.beaconRound, late },
      late ? 'draw record mined after its round: void' : 'draw record published',
    );
    return late ? 'late' : 'written';
  }

  /**
   * Right before the reveal: the record read back from the chain still stands behind the row (C, H, T, round,
   * written before the round). A refusal leaves the draw closed: it is never revealed against its record.
   */
  async check(row: DrawRow): Promise<void> {
    const chain = drandChainOf(row);
    if (row.status !== 'closed' || !row.recordTxHash || !chain) return;
    const record = await (await this.seam.port()).read(row.recordTxHash);
    const problems = recordProblems(recordedPart(row, Number(row.beaconRound)), record, chain);
    if (problems.length > 0) {
      throw new AdapterError(
        'retryable',
        'beacon',
        `refused: the public record does not hold: ${problems.join('; ')}`,
      );
    }
  }
}
