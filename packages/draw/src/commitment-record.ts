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
import { checkRegistryIdentity } from './registry-identity.ts';
import { openSealedSecret, sealsTo } from './timelock.ts';
import {
  recordFailure,
  type RecordedField,
  type RecordFailure,
  type RecordProblem,
} from './record-problems.ts';
export * from './record-problems.ts';
export * from './registry-identity.ts';

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
export function recordMismatchList(
  draw: RecordedPart,
  record: CommitmentRecord,
  chain: DrandChain,
): RecordFailure[] {
  const problems: RecordFailure[] = [];
  const differs = (field: RecordedField, published: string | number, recorded: string | number) => {
    if (published !== recorded) {
      problems.push(
        recordFailure({
          code: 'field-mismatch',
          field,
          published: String(published),
          recorded: String(recorded),
        }),
      );
    }
  };
  differs('drawId', uuidToBytes32(draw.drawId), `0x${strip(record.drawId)}`);
  differs('commitment', draw.commitment.toLowerCase(), strip(record.commitment));
  differs('entrantsHash', draw.entrantsHash.toLowerCase(), strip(record.entrantsHash));
  differs('closedAt', draw.closedAt ? closedAtSeconds(draw.closedAt) : 'missing', record.closedAt);
  differs('beacon', draw.beacon.source, `drand:${strip(record.beaconChain)}`);
  differs('beaconRound', draw.beacon.round, String(record.beaconRound));
  if (strip(record.beaconChain) !== chain.chainHash) {
    problems.push(
      recordFailure({ code: 'chain-other', recorded: strip(record.beaconChain), chain: chain.name }),
    );
  }
  return problems;
}

/** `recordMismatchList` in English. */
export function recordMismatches(draw: RecordedPart, record: CommitmentRecord, chain: DrandChain): string[] {
  return recordMismatchList(draw, record, chain).map((problem) => problem.message);
}

/** Whether the record's block came too late to fix anything: at or after its round's publication (void). */
export function recordIsLate(record: CommitmentRecord, chain: DrandChain): boolean {
  return record.blockTime >= drandRoundTime(chain, record.beaconRound);
}

/**
 * Why a record does not stand behind a proof (empty when it does): the same draw, C, H, T, chain and round, the
 * close not after the block, and the block before the round was published.
 */
export function recordProblemList(
  proof: RecordedPart,
  record: CommitmentRecord,
  chain: DrandChain,
): RecordFailure[] {
  const problems = recordMismatchList(proof, record, chain);
  if (record.closedAt > record.blockTime) {
    problems.push(
      recordFailure({
        code: 'close-after-block',
        closedAt: iso(record.closedAt),
        blockTime: iso(record.blockTime),
      }),
    );
  }
  if (recordIsLate(record, chain)) {
    problems.push(
      recordFailure({
        code: 'record-late',
        blockTime: iso(record.blockTime),
        round: String(record.beaconRound),
        roundTime: iso(drandRoundTime(chain, record.beaconRound)),
      }),
    );
  }
  return problems;
}

/** `recordProblemList` in English. */
export function recordProblems(proof: RecordedPart, record: CommitmentRecord, chain: DrandChain): string[] {
  return recordProblemList(proof, record, chain).map((problem) => problem.message);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A failed read or check: the English for logs and the command line, and the problem's code for pages. */
function failed(problem: RecordProblem): { ok: false; problem: string; reasons: RecordFailure[] } {
  const failure = recordFailure(problem);
  return { ok: false, problem: failure.message, reasons: [failure] };
}

export type RecordRead =
  { ok: true; record: CommitmentRecord } | { ok: false; problem: string; reasons: RecordFailure[] };

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
      return failed({
        code: 'rpc-other-chain',
        rpcChainId: String(chainId),
        chainId: String(location.chainId),
      });
    }
    if (!(await checkRegistryIdentity(client, chainId, location.registry))) {
      return failed({ code: 'registry-other', registry: location.registry, chainId: String(chainId) });
    }
    let receipt: TransactionReceipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: location.txHash as Hex });
    } catch {
      return failed({ code: 'tx-missing', txHash: location.txHash, chainId: String(chainId) });
    }
    if (receipt.status !== 'success') return failed({ code: 'tx-reverted', txHash: location.txHash });
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
      return failed({ code: 'tx-no-record', txHash: location.txHash, registry: location.registry });
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
    return failed({ code: 'rpc-unreachable', detail: (error as Error).message.split('\n')[0] ?? '' });
  }
}

/**
 * The record check every verifier runs (`verifyDraw`'s `record` option), through the chain RPC the reader chose:
 * the record read from the chain, matched against the proof, written before its round, and — where the chain serves
 * timelock — S opened from the record alone with the round's signature, equal to the proof's S.
 */
export function recordCheckVia(rpc: string | PublicClient): RecordCheck {
  return async (proof) => {
    if (!proof.record) return failed({ code: 'no-record' });
    const read = await readCommitmentRecord(proof.record, rpc);
    if (!read.ok) return read;
    const chain = DRAND_CHAINS[read.record.beaconChain];
    if (!chain) return failed({ code: 'chain-not-pinned', chainHash: read.record.beaconChain });
    const problems = recordProblemList(proof, read.record, chain);
    if (problems.length > 0) {
      return { ok: false, problem: problems.map((p) => p.message).join('; '), reasons: problems };
    }
    if (sealsTo(chain)) {
      const opened = await openSealedSecret({
        sealed: read.record.sealedSecret,
        chain,
        round: read.record.beaconRound,
        signature: proof.beacon.signature ?? '',
        commitment: read.record.commitment,
      });
      if (!opened.ok) return failed({ code: 'secret-unopened', detail: opened.problem });
      if (opened.value !== proof.secret) return failed({ code: 'secret-other' });
    }
    return { ok: true };
  };
}
