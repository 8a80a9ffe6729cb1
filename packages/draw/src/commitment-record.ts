/**
 * The draw's public commitment record (issue 33 item 2): before its drand round exists, Hanabi writes one record
 * per draw to the draw registry contract on its EVM chain — the draw id, C, H, the close time T, the drand chain and
 * round r, and S sealed to r — in a block whose time precedes r's publication. Nothing in the operator's database
 * can move those afterwards: a proof whose C, H, T or r differ from the record, or whose record was written once
 * the round was public, does not hold. Every verifier reads the record itself from a chain RPC it chooses.
 */
import {
  createPublicClient,
  decodeEventLog,
  http,
  parseAbi,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { DRAND_CHAINS, drandRoundTime, type DrandChain } from './beacon.ts';
import type { DrawProof, RecordCheck } from './draw.ts';
import { openSealedSecret, sealsTo } from './timelock.ts';

/** The registry's event, as `contracts/HanabiDrawRegistry.sol` (packages/token) declares it. */
export const DRAW_COMMITTED_EVENT = parseAbi([
  'event DrawCommitted(bytes32 indexed campaignId, uint32 indexed number, bytes32 indexed drawId, bytes32 commitment, bytes32 entrantsHash, uint64 closedAt, bytes32 beaconChain, uint64 beaconRound, bytes sealedSecret)',
]);

/** Where a proof says its record is. */
export interface RecordLocation {
  /** EVM chain id. */
  chainId: number;
  /** The registry contract's address. */
  registry: string;
  /** The transaction that wrote the record. */
  txHash: string;
}

/** One record as read from the chain, with the block it was written in. */
export interface CommitmentRecord extends RecordLocation {
  blockNumber: number;
  /** Unix seconds of that block. */
  blockTime: number;
  campaignId: string;
  /** The draw's number within its campaign (1, 2, …; the registry refuses gaps and repeats). */
  number: number;
  drawId: string;
  /** Hex without 0x, as the proof carries them. */
  commitment: string;
  entrantsHash: string;
  /** Unix seconds. */
  closedAt: number;
  /** The drand chain hash (hex without 0x). */
  beaconChain: string;
  beaconRound: number;
  /** S sealed to the round (hex without 0x; empty when the chain serves no timelock). */
  sealedSecret: string;
}

/** A record id (a UUID) as the registry's bytes32: its 16 bytes, then 16 zero bytes. */
export function uuidToBytes32(uuid: string): Hex {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not a UUID: ${uuid}`);
  return `0x${hex}${'0'.repeat(32)}`;
}

const strip = (hex: string) => (hex.startsWith('0x') ? hex.slice(2) : hex).toLowerCase();

/** Unix seconds of the close time T as the record stores it. */
export function closedAtSeconds(closedAt: string): number {
  return Math.floor(Date.parse(closedAt) / 1000);
}

/** What a record fixes of a draw: its id, C, H, T and beacon (source and round). */
export type RecordedPart = Pick<DrawProof, 'drawId' | 'commitment' | 'entrantsHash' | 'closedAt'> & {
  beacon: Pick<DrawProof['beacon'], 'source' | 'round'>;
};

/** Where the draw and the record differ: draw id, C, H, T, chain and round (empty when they agree). */
export function recordMismatches(draw: RecordedPart, record: CommitmentRecord, chain: DrandChain): string[] {
  const problems: string[] = [];
  const differs = (what: string, published: string | number, recorded: string | number) => {
    if (published !== recorded)
      problems.push(`${what} is ${published} in the proof but ${recorded} on chain`);
  };
  differs('the draw id', uuidToBytes32(draw.drawId), `0x${strip(record.drawId)}`);
  differs('the commitment C', draw.commitment.toLowerCase(), strip(record.commitment));
  differs('the entrant list hash H', draw.entrantsHash.toLowerCase(), strip(record.entrantsHash));
  differs('the close time T', draw.closedAt ? closedAtSeconds(draw.closedAt) : 'missing', record.closedAt);
  differs('the beacon', draw.beacon.source, `drand:${strip(record.beaconChain)}`);
  differs('the beacon round', draw.beacon.round, String(record.beaconRound));
  if (strip(record.beaconChain) !== chain.chainHash) {
    problems.push(`the record names drand chain ${strip(record.beaconChain)}, not ${chain.name}`);
  }
  return problems;
}

/** Whether the record's block came too late to fix anything: at or after its round's publication (void). */
export function recordIsLate(record: CommitmentRecord, chain: DrandChain): boolean {
  return record.blockTime >= drandRoundTime(chain, record.beaconRound);
}

/**
 * Why a record does not stand behind a proof (empty when it does): the same draw, C, H, T, chain and round, the
 * close not after the block, and the block before the round was published.
 */
export function recordProblems(proof: RecordedPart, record: CommitmentRecord, chain: DrandChain): string[] {
  const problems = recordMismatches(proof, record, chain);
  if (record.closedAt > record.blockTime) {
    problems.push(`the record's close time is after its block (${record.closedAt} > ${record.blockTime})`);
  }
  if (recordIsLate(record, chain)) {
    problems.push(
      `the record was written at ${iso(record.blockTime)}, once round ${record.beaconRound} was public ` +
        `(${iso(drandRoundTime(chain, record.beaconRound))}): the draw is void`,
    );
  }
  return problems;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export type RecordRead = { ok: true; record: CommitmentRecord } | { ok: false; problem: string };

/** Reads the record a proof points at from an RPC of the verifier's choosing (never the proof's own word). */
export async function readCommitmentRecord(
  location: RecordLocation,
  rpc: string | PublicClient,
): Promise<RecordRead> {
  const client =
    typeof rpc === 'string' ? createPublicClient({ transport: http(rpc, { retryCount: 1 }) }) : rpc;
  try {
    const chainId = await client.getChainId();
    if (chainId !== location.chainId) {
      return {
        ok: false,
        problem: `the RPC serves chain ${chainId}, the record is on chain ${location.chainId}`,
      };
    }
    let receipt: TransactionReceipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: location.txHash as Hex });
    } catch {
      return { ok: false, problem: `transaction ${location.txHash} is not on chain ${chainId}` };
    }
    if (receipt.status !== 'success')
      return { ok: false, problem: `transaction ${location.txHash} reverted` };
    const registry = location.registry.toLowerCase();
    const logs = receipt.logs.filter((log) => log.address.toLowerCase() === registry);
    const decoded = logs.flatMap((log) => {
      try {
        return [decodeEventLog({ abi: DRAW_COMMITTED_EVENT, data: log.data, topics: log.topics })];
      } catch {
        return [];
      }
    });
    if (decoded.length !== 1) {
      return {
        ok: false,
        problem: `transaction ${location.txHash} holds no draw record of ${location.registry}`,
      };
    }
    const { args } = decoded[0]!;
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    return {
      ok: true,
      record: {
        ...location,
        blockNumber: Number(receipt.blockNumber),
        blockTime: Number(block.timestamp),
        campaignId: args.campaignId,
        number: args.number,
        drawId: args.drawId,
        commitment: strip(args.commitment),
        entrantsHash: strip(args.entrantsHash),
        closedAt: Number(args.closedAt),
        beaconChain: strip(args.beaconChain),
        beaconRound: Number(args.beaconRound),
        sealedSecret: strip(args.sealedSecret),
      },
    };
  } catch (error) {
    return { ok: false, problem: `the chain RPC did not answer: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * The record check every verifier runs (`verifyDraw`'s `record` option), through the chain RPC the reader chose:
 * the record read from the chain, matched against the proof, written before its round, and — where the chain serves
 * timelock — S opened from the record alone with the round's signature, equal to the proof's S.
 */
export function recordCheckVia(rpc: string | PublicClient): RecordCheck {
  return async (proof) => {
    if (!proof.record) return { ok: false, problem: 'the proof names no public record' };
    const read = await readCommitmentRecord(proof.record, rpc);
    if (!read.ok) return read;
    const chain = DRAND_CHAINS[read.record.beaconChain];
    if (!chain)
      return { ok: false, problem: `the record names drand chain ${read.record.beaconChain}, not pinned` };
    const problems = recordProblems(proof, read.record, chain);
    if (problems.length > 0) return { ok: false, problem: problems.join('; ') };
    if (sealsTo(chain)) {
      const opened = await openSealedSecret({
        sealed: read.record.sealedSecret,
        chain,
        round: read.record.beaconRound,
        signature: proof.beacon.signature ?? '',
        commitment: read.record.commitment,
      });
      if (!opened.ok) return { ok: false, problem: `S does not open from the record: ${opened.problem}` };
      if (opened.value !== proof.secret) {
        return { ok: false, problem: "the secret sealed in the record is not the proof's S" };
      }
    }
    return { ok: true };
  };
}
