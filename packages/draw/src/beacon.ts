/**
 * The draw's beacon B checked, not trusted (docs/design.md §7; decisions 0170, 0199). A drand round is verified
 * against the public key of a drand chain pinned here — never a key a relay or Hanabi hands over — so a relay, or
 * Hanabi itself, cannot pass off a value of its choosing:
 *
 *   message    = SHA-256(round as 8 bytes, big-endian)                          quicknet (bls-unchained-g1-rfc9380)
 *              = SHA-256(previous signature ‖ round as 8 bytes, big-endian)    default (pedersen-bls-chained)
 *   signature  = BLS signature of that message (G1 on quicknet, G2 on default)
 *   B          = SHA-256(signature)
 *   round      = the first round published strictly after the draw's close time T (entries frozen, S committed)
 *
 * One piece for the server (before it reveals), the proof page (in its Web Worker) and `npm run verify-draw`.
 * The verdict says whom a proof protects against: `verified` (drand: neither Hanabi nor the streamer chose B),
 * `practice` (`chain:<id>`, the embedded chain's block hash: it recomputes, but this server controlled the
 * randomness) or `failed`. Source labels are parsed strictly; anything else fails.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { beaconFailure, type BeaconFailure, type BeaconProblem } from './beacon-problems.ts';
import { concat, hexToBytes, sha256, sha256Hex } from './bytes.ts';

export * from './beacon-problems.ts';

/**
 * How a drand chain signs, as drand names its schemes (drand/drand `crypto/schemes.go`, commit
 * 075e5d632aead02d57fab2ace6c4de016ecf7b2a): `pedersen-bls-chained` has its key on G1 (48 bytes) and signs on G2
 * (96 bytes) the SHA-256 of the previous signature and the round; `bls-unchained-g1-rfc9380` has its key on G2 and
 * signs on G1 the SHA-256 of the round alone.
 */
export type DrandScheme = 'bls-unchained-g1-rfc9380' | 'pedersen-bls-chained';

export interface DrandChain {
  /** The chain's beacon id, shown to people. */
  name: string;
  chainHash: string;
  scheme: DrandScheme;
  /** The group public key, compressed hex: G2 (96 bytes) for quicknet, G1 (48 bytes) for default. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
}

/**
 * The League of Entropy's quicknet (a round every 3 s). Its public `/info`, as published by every drand relay
 * (`https://api.drand.sh/52db9ba7…/info`) and pinned by drand's own tlock tests (`networks/fixed/fixed_test.go`).
 */
export const DRAND_QUICKNET: DrandChain = {
  name: 'quicknet',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  scheme: 'bls-unchained-g1-rfc9380',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1_692_803_367,
  period: 3,
};

/**
 * The League of Entropy's `default` chain (a round every 30 s, chained): its `/{chain-hash}/info` as drand's own
 * HTTP API documentation prints it (drand/website `docs/developer/http-api.md`, commit
 * 066a8e887a5f693c97de2e6a16de6703090b4dbe: public key, period 30, genesis 1595431050, schemeID
 * `pedersen-bls-chained`, beaconID `default`); the same key is noislabs/drand-verify's `PK_LEO_MAINNET`
 * ("curl -sS https://drand.cloudflare.com/info", `src/verify.rs`, commit 134de23c744a6e3c670335326d2a7fd37282aa02).
 */
export const DRAND_DEFAULT: DrandChain = {
  name: 'default',
  chainHash: '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce',
  scheme: 'pedersen-bls-chained',
  publicKey:
    '868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31',
  genesisTime: 1_595_431_050,
  period: 30,
};

/** The drand chains a proof may name, by chain hash. A chain not listed here is not accepted. */
export const DRAND_CHAINS: Readonly<Record<string, DrandChain>> = {
  [DRAND_QUICKNET.chainHash]: DRAND_QUICKNET,
  [DRAND_DEFAULT.chainHash]: DRAND_DEFAULT,
};

/**
 * The domain separation tags drand hashes to the curve with (both `…_NUL_`). Quicknet's signatures verify with
 * the G1 tag (`_NOP_`, sometimes quoted for it, fails on every published round); the default chain's with the G2
 * tag, as noislabs/drand-verify's `DOMAIN` (`src/verify.rs`, commit 134de23c744a6e3c670335326d2a7fd37282aa02).
 */
const DST_G1 = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const DST_G2 = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_';

/** Hex lengths of a signature by scheme (G1: 48 bytes, G2: 96 bytes). */
const SIGNATURE_HEX = { 'bls-unchained-g1-rfc9380': 96, 'pedersen-bls-chained': 192 } as const;

/** Unix seconds at which `round` is published (round 1 at genesis). */
export function drandRoundTime(chain: Pick<DrandChain, 'genesisTime' | 'period'>, round: number): number {
  return chain.genesisTime + (round - 1) * chain.period;
}

/** The first round published strictly after `time`: nobody can know its value at `time`. */
export function drandRoundAfter(chain: Pick<DrandChain, 'genesisTime' | 'period'>, time: Date): number {
  const seconds = Math.floor(time.getTime() / 1000);
  return Math.max(1, Math.floor((seconds - chain.genesisTime) / chain.period) + 2);
}

function roundBytes(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return bytes;
}

const isHex = (value: string, length: number) => value.length === length && /^[0-9a-f]*$/.test(value);

type Checked = { ok: true; randomness: string } | { ok: false; problem: BeaconFailure };
const fail = (problem: BeaconProblem): { ok: false; problem: BeaconFailure } => ({
  ok: false,
  problem: beaconFailure(problem),
});

/**
 * Checks one round's signature against the chain's public key; answers the round's randomness (SHA-256 of the
 * signature) or why it does not hold. A chained chain needs the previous signature (what it signs with the round);
 * an unchained one must come without.
 */
export async function verifyDrandSignature(
  chain: DrandChain,
  round: number,
  signature: string,
  previousSignature?: string | null,
): Promise<Checked> {
  const at = String(round);
  if (!Number.isSafeInteger(round) || round < 1) return fail({ code: 'round-invalid', round: at });
  if (!isHex(signature, SIGNATURE_HEX[chain.scheme])) return fail({ code: 'signature-malformed', round: at });
  const chained = chain.scheme === 'pedersen-bls-chained';
  if (chained) {
    if (!previousSignature) return fail({ code: 'previous-signature-missing', round: at });
    // Round 1 signs the genesis seed instead; no draw closes before a chain's first round, so it is not taken.
    if (!isHex(previousSignature, SIGNATURE_HEX[chain.scheme])) {
      return fail({ code: 'previous-signature-malformed', round: at });
    }
  } else if (previousSignature) {
    return fail({ code: 'field-unexpected', round: at, field: 'previousSignature' });
  }
  let valid: boolean;
  try {
    if (chained) {
      const bls = bls12_381.longSignatures;
      const message = await sha256(concat(hexToBytes(previousSignature!), roundBytes(round)));
      valid = bls.verify(hexToBytes(signature), bls.hash(message, DST_G2), hexToBytes(chain.publicKey));
    } else {
      const bls = bls12_381.shortSignatures;
      const message = await sha256(roundBytes(round));
      valid = bls.verify(hexToBytes(signature), bls.hash(message, DST_G1), hexToBytes(chain.publicKey));
    }
  } catch {
    // Bytes that are not a point of the group (a flipped bit usually makes them so) cannot be a signature.
    valid = false;
  }
  if (!valid) return fail({ code: 'signature-invalid', round: at, chain: chain.name });
  return { ok: true, randomness: await sha256Hex(hexToBytes(signature)) };
}

/** A beacon as a proof publishes it. */
export interface PublishedBeacon {
  source: string;
  round: string;
  value: string;
  /** drand: the round's BLS signature (hex). The practice chain has none. */
  signature?: string | null;
  /** A chained drand chain (default): the previous round's signature, which this round's signs. */
  previousSignature?: string | null;
}

export type BeaconVerdict =
  /** drand, signature checked against the pinned key, the first round after the close. */
  | { status: 'verified'; chain: DrandChain; round: number }
  /** The embedded chain's block hash: recomputes, but the server running that chain controlled it. */
  | { status: 'practice'; chainId: string; round: string }
  | { status: 'failed'; problem: BeaconFailure };

const DRAND_SOURCE = /^drand:([0-9a-f]{64})$/;
const CHAIN_SOURCE = /^chain:([1-9][0-9]{0,15})$/;
const ROUND = /^[1-9][0-9]{0,15}$/;

const failed = (problem: BeaconProblem): BeaconVerdict => ({
  status: 'failed',
  problem: beaconFailure(problem),
});

/**
 * The whole beacon check. The source must be exactly `drand:<64 lowercase hex of a pinned chain>` or
 * `chain:<decimal chain id without leading zeros>`. A drand beacon must carry a signature of its round (and, on a
 * chained chain, the previous signature) that verifies, have B = SHA-256(signature), and be the first round after
 * `closedAt` (or, when a public record fixed it, any round published after `closedAt`). A `chain:` beacon is `practice`: a well-formed block hash with nothing to check it against.
 */
export async function verifyBeacon(
  beacon: PublishedBeacon,
  closedAt: string | Date | null | undefined,
  options: {
    /**
     * The round was fixed by the draw's public record before it existed (decision 0202): then it need only be
     * published after the close, not be the first round after it (the record check holds the rest).
     */
    recorded?: boolean;
  } = {},
): Promise<BeaconVerdict> {
  const drand = DRAND_SOURCE.exec(beacon.source);
  const practice = drand ? null : CHAIN_SOURCE.exec(beacon.source);
  if (!drand && !practice) return failed({ code: 'source-invalid', source: beacon.source });
  if (!ROUND.test(beacon.round) || !Number.isSafeInteger(Number(beacon.round))) {
    return failed({ code: 'round-invalid', round: beacon.round });
  }
  const at = beacon.round;
  if (!isHex(beacon.value, 64)) return failed({ code: 'value-malformed', round: at });
  if (practice) {
    if (beacon.signature) return failed({ code: 'field-unexpected', round: at, field: 'signature' });
    if (beacon.previousSignature) {
      return failed({ code: 'field-unexpected', round: at, field: 'previousSignature' });
    }
    return { status: 'practice', chainId: practice[1]!, round: at };
  }
  const chain = DRAND_CHAINS[drand![1]!];
  if (!chain) return failed({ code: 'chain-unknown', chainHash: drand![1]! });
  const round = Number(at);
  if (!beacon.signature) return failed({ code: 'signature-missing', round: at });
  const signed = await verifyDrandSignature(chain, round, beacon.signature, beacon.previousSignature);
  if (!signed.ok) return { status: 'failed', problem: signed.problem };
  if (signed.randomness !== beacon.value) {
    return failed({ code: 'value-mismatch', round: at, expected: signed.randomness });
  }
  const closed = closedAt === null || closedAt === undefined ? null : new Date(closedAt);
  if (!closed || Number.isNaN(closed.getTime())) return failed({ code: 'close-time-missing' });
  const first = drandRoundAfter(chain, closed);
  if (options.recorded) {
    if (round < first)
      return failed({ code: 'round-before-close', round: at, closedAt: closed.toISOString() });
    return { status: 'verified', chain, round };
  }
  if (round !== first) {
    return failed({
      code: 'round-not-first',
      round: at,
      closedAt: closed.toISOString(),
      first: String(first),
    });
  }
  return { status: 'verified', chain, round };
}
