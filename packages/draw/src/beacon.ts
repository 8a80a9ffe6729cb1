/**
 * The draw's beacon B checked, not trusted (docs/design.md §7; decision 0170). A drand round is verified against the
 * drand chain's public key pinned here — never a key a relay or Hanabi hands over — so a relay, or Hanabi itself,
 * cannot pass off a value of its choosing:
 *
 *   message    = SHA-256(round as 8 bytes, big-endian)
 *   signature  = BLS signature on G1 of that message (scheme bls-unchained-g1-rfc9380, hashed to G1 with RFC 9380)
 *   B          = SHA-256(signature)
 *   round      = the first round published strictly after the draw's close time T (entries frozen, S committed)
 *
 * One piece for the server (before it reveals), the proof page (in its Web Worker) and `npm run verify-draw`.
 * The embedded chain's block hash (source `chain:…`) carries no signature: it is reported as unsigned.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { hexToBytes, sha256Hex } from './bytes.ts';

export interface DrandChain {
  /** The chain's beacon id, shown to people. */
  name: string;
  chainHash: string;
  /** The group public key on G2, compressed (96 bytes, hex). */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
}

/**
 * The League of Entropy's quicknet: what production draws use. Its public `/info`, as published by every drand relay
 * (`https://api.drand.sh/52db9ba7…/info`) and pinned by drand's own tlock tests (`networks/fixed/fixed_test.go`).
 */
export const DRAND_QUICKNET: DrandChain = {
  name: 'quicknet',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1_692_803_367,
  period: 3,
};

/** The drand chains a proof may name, by chain hash. A chain not listed here is not accepted. */
export const DRAND_CHAINS: Readonly<Record<string, DrandChain>> = {
  [DRAND_QUICKNET.chainHash]: DRAND_QUICKNET,
};

/**
 * The domain separation tag drand's G1 schemes hash with. Quicknet's signatures verify with `…_NUL_` (drand's
 * `bls-unchained-g1-rfc9380`); the `…_NOP_` sometimes quoted for it fails on every published round.
 */
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** Unix seconds at which `round` is published (round 1 at genesis). */
export function drandRoundTime(chain: Pick<DrandChain, 'genesisTime' | 'period'>, round: number): number {
  return chain.genesisTime + (round - 1) * chain.period;
}

/** The first round published strictly after `time`: nobody can know its value at `time`. */
export function drandRoundAfter(chain: Pick<DrandChain, 'genesisTime' | 'period'>, time: Date): number {
  const seconds = Math.floor(time.getTime() / 1000);
  return Math.max(1, Math.floor((seconds - chain.genesisTime) / chain.period) + 2);
}

function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return bytes;
}

/**
 * Checks one round's signature against the chain's public key; answers the round's randomness (SHA-256 of the
 * signature) or why it does not hold.
 */
export async function verifyDrandSignature(
  chain: DrandChain,
  round: number,
  signature: string,
): Promise<{ ok: true; randomness: string } | { ok: false; problem: string }> {
  if (!Number.isSafeInteger(round) || round < 1)
    return { ok: false, problem: `round ${round} is not a round` };
  if (!/^[0-9a-f]{96}$/.test(signature)) {
    return { ok: false, problem: 'the signature is not 48 bytes of lowercase hex' };
  }
  const bls = bls12_381.shortSignatures;
  const message = hexToBytes(await sha256Hex(roundMessage(round)));
  let valid: boolean;
  try {
    valid = bls.verify(hexToBytes(signature), bls.hash(message, DST), hexToBytes(chain.publicKey));
  } catch {
    // Bytes that are not a point of G1 (a flipped bit usually makes them so) cannot be a signature.
    valid = false;
  }
  if (!valid) {
    return {
      ok: false,
      problem: `the signature of round ${round} does not verify against drand ${chain.name}'s public key`,
    };
  }
  return { ok: true, randomness: await sha256Hex(hexToBytes(signature)) };
}

/** A beacon as a proof publishes it. */
export interface PublishedBeacon {
  source: string;
  round: string;
  value: string;
  /** drand: the round's BLS signature (hex). The embedded chain has none. */
  signature?: string | null;
}

export type BeaconVerdict =
  | { status: 'verified'; chain: DrandChain; round: number }
  | { status: 'unsigned' }
  | { status: 'failed'; problem: string };

/**
 * The whole beacon check: a `drand:{chain hash}` beacon must name a pinned chain, carry a signature of its round
 * that verifies, have B = SHA-256(signature), and be the first round after `closedAt`. Other sources are
 * `unsigned` (the embedded chain's block hash: nothing to check it against).
 */
export async function verifyBeacon(
  beacon: PublishedBeacon,
  closedAt: string | Date | null | undefined,
): Promise<BeaconVerdict> {
  if (!beacon.source.startsWith('drand:')) return { status: 'unsigned' };
  const chain = DRAND_CHAINS[beacon.source.slice('drand:'.length)];
  if (!chain) return { status: 'failed', problem: `unknown drand chain ${beacon.source}` };
  const round = /^[1-9][0-9]{0,15}$/.test(beacon.round) ? Number(beacon.round) : Number.NaN;
  if (!Number.isSafeInteger(round))
    return { status: 'failed', problem: `round ${beacon.round} is not a round` };
  if (!beacon.signature) return { status: 'failed', problem: `round ${round} comes without its signature` };
  const signed = await verifyDrandSignature(chain, round, beacon.signature);
  if (!signed.ok) return { status: 'failed', problem: signed.problem };
  if (signed.randomness !== beacon.value.toLowerCase()) {
    return {
      status: 'failed',
      problem: `B is not SHA-256 of round ${round}'s signature (${signed.randomness})`,
    };
  }
  const closed = closedAt === null || closedAt === undefined ? null : new Date(closedAt);
  if (!closed || Number.isNaN(closed.getTime())) {
    return { status: 'failed', problem: 'no close time to check the round against' };
  }
  const first = drandRoundAfter(chain, closed);
  if (round !== first) {
    return {
      status: 'failed',
      problem: `round ${round} is not the first after the close at ${closed.toISOString()} (that is round ${first})`,
    };
  }
  return { status: 'verified', chain, round };
}
