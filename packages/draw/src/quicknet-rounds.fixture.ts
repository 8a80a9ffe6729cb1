/**
 * Real, published rounds of drand's quicknet (public values), for known-answer tests of the beacon check in every
 * verifier (this package, the server, the proof page's worker, verify-draw). Each says where it was copied from.
 */
import { drandRoundTime, DRAND_QUICKNET, type DrandChain } from './beacon.ts';
import {
  DRAW_ALGORITHM,
  canonicalEntrants,
  commitmentOf,
  entrantsHashOf,
  pickWinners,
  seedOf,
  type DrawProof,
} from './draw.ts';

/** One published drand round, as a relay answers `/public/{round}`. */
export interface DrandRound {
  round: number;
  signature: string;
  /** Chained chains (default) only: the previous round's signature, which this round's signs. */
  previousSignature?: string;
  /** SHA-256 of the signature, as the relay publishes it. */
  randomness: string;
}

export type QuicknetRound = DrandRound;

/**
 * Round 1,000, as `/public/1000` of the quicknet relays serves it: pinned in opentensor/subtensor
 * `pallets/drand/src/benchmarking.rs` (commit 214ce1f662af0635976c1e16553b77324a536ef1, `DRAND_PULSE`).
 */
export const QUICKNET_ROUND_1000: QuicknetRound = {
  round: 1000,
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};

/**
 * Round 12,040,883: the signature drand's own tlock tests decrypt with, drand/tlock `tlock_test.go` (commit
 * 962ec50d004c1a336bdffb24dfc6a019192fc070, `TestDeterministicEncryptionDecryption`, "quicknet-g1 round
 * 12040883"). The relay publishes only the signature there; its randomness is SHA-256 of it (computed with
 * `sha256sum` of the 48 signature bytes, not by this package).
 */
export const QUICKNET_ROUND_12040883: QuicknetRound = {
  round: 12_040_883,
  signature:
    '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394',
  randomness: '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3',
};

/** A close time for which `round` is the first round after: 1.5 s before it is published. */
export function closeBefore(round: number, chain: DrandChain = DRAND_QUICKNET): Date {
  return new Date((drandRoundTime(chain, round) - 1.5) * 1000);
}

/** An honest proof of a small draw whose beacon is a real round of `chain`. */
export async function drandProof(chain: DrandChain, kat: DrandRound): Promise<DrawProof> {
  const secret = '07'.repeat(32);
  const drawId = '3f1c2a4e-0000-4000-8000-00000000d1a0';
  const entrants = canonicalEntrants(Array.from({ length: 40 }, (_, i) => `youtube:viewer${i}`));
  const entrantsHash = await entrantsHashOf(entrants);
  const beacon = {
    source: `drand:${chain.chainHash}`,
    round: String(kat.round),
    value: kat.randomness,
    signature: kat.signature,
    // As the proof API publishes it: null on an unchained chain.
    previousSignature: kat.previousSignature ?? null,
  };
  const seed = await seedOf({ secret, entrantsHash, beaconValue: beacon.value, drawId });
  const winners = (await pickWinners(seed, entrants.length, 3)).map((position) => entrants[position]!);
  return {
    algorithm: DRAW_ALGORITHM,
    drawId,
    commitment: await commitmentOf(secret),
    secret,
    closedAt: closeBefore(kat.round, chain).toISOString(),
    entrants,
    entrantsHash,
    beacon,
    seed,
    winnerCount: 3,
    winners,
  };
}

/** An honest proof of a small draw whose beacon is a real quicknet round. */
export function quicknetProof(kat: DrandRound = QUICKNET_ROUND_1000): Promise<DrawProof> {
  return drandProof(DRAND_QUICKNET, kat);
}

/** Flips the lowest bit of one hex digit of `hex` (at `index` characters from the end). */
export function flipBit(hex: string, index = 1): string {
  const at = hex.length - index;
  const digit = (Number.parseInt(hex[at]!, 16) ^ 1).toString(16);
  return `${hex.slice(0, at)}${digit}${hex.slice(at + 1)}`;
}
