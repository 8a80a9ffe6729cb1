/**
 * Hanabi's verifiable draw, version 1 (docs/design.md §7; the README states it for re-implementers).
 *
 *   C    = SHA-256(S)                                  published when the round opens (S: 32 secret bytes)
 *   list = the distinct entrant keys, sorted by UTF-16 code units (JavaScript's default order), ASCII only
 *   H    = SHA-256(list joined by "\n", UTF-8)        published with the count when the round closes
 *   B    = the beacon value (bytes of its hex)         the first beacon round after the close
 *   seed = SHA-256(S ‖ H ‖ B ‖ UTF-8(drawId))
 *   block i of the stream = SHA-256(seed ‖ uint64be(i)), read as big-endian uint32 words
 *   uniform(m) = the next word w with w < ⌊2³²/m⌋·m (others are skipped: no modulo bias), then w mod m
 *   winners = a partial Fisher–Yates shuffle of positions 0…n−1: for j < k, swap j with j + uniform(n − j)
 *
 * Everything runs on WebCrypto, so the server, the browser proof page and the command line agree.
 */

import { bytesToHex, concat, hexToBytes, sha256, sha256Hex } from './bytes.ts';
import type { RecordLocation } from './commitment-record.ts';
import { verifyBeacon, type BeaconVerdict, type PublishedBeacon } from './beacon.ts';
import { BEACON_SIGNED, RECORD_MATCHES } from './phrases.ts';
import type { RecordProblem } from './record-problems.ts';

export { bytesToHex, hexToBytes, sha256Hex } from './bytes.ts';
export { BEACON_SIGNED } from './phrases.ts';

export const DRAW_ALGORITHM = 'hanabi-draw-v1';

const encoder = new TextEncoder();
/** Printable ASCII without separators: what entrant keys (`youtube:UC…`, `twitcasting:123`, `user:…`) are. */
const ENTRANT_KEY = /^[\x21-\x7e]{1,200}$/;

/** A fresh secret S (32 random bytes, hex) and its commitment C. */
export async function newSecret(): Promise<{ secret: string; commitment: string }> {
  const secret = bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  return { secret, commitment: await commitmentOf(secret) };
}

export async function commitmentOf(secretHex: string): Promise<string> {
  return bytesToHex(await sha256(hexToBytes(secretHex)));
}

/**
 * The canonical entrant list: distinct keys, sorted. Throws on a key that is not printable ASCII. A list that is
 * already strictly ascending (what `ORDER BY key COLLATE "C"` gives, and what proofs publish) is only checked.
 */
export function canonicalEntrants(keys: Iterable<string>): string[] {
  const list = Array.isArray(keys) ? (keys as string[]) : [...keys];
  let ascending = true;
  for (let index = 0; index < list.length; index += 1) {
    const key = list[index]!;
    if (!ENTRANT_KEY.test(key)) throw new Error(`entrant key is not printable ASCII: ${JSON.stringify(key)}`);
    if (index > 0 && !(list[index - 1]! < key)) ascending = false;
  }
  if (ascending) return list.slice();
  // Sorting first and dropping neighbours that repeat is cheaper than a Set: hashing a million fresh strings
  // costs about as much as sorting them.
  const sorted = list.slice().sort();
  const distinct: string[] = [];
  for (const key of sorted) if (key !== distinct[distinct.length - 1]) distinct.push(key);
  return distinct;
}

export async function entrantsHashOf(canonical: readonly string[]): Promise<string> {
  return sha256Hex(canonical.join('\n'));
}

export async function seedOf(input: {
  secret: string;
  entrantsHash: string;
  beaconValue: string;
  drawId: string;
}): Promise<string> {
  return bytesToHex(
    await sha256(
      concat(
        hexToBytes(input.secret),
        hexToBytes(input.entrantsHash),
        hexToBytes(input.beaconValue),
        encoder.encode(input.drawId),
      ),
    ),
  );
}

/** The SHA-256 counter stream of 32-bit words. */
class WordStream {
  private counter = 0n;
  private words: number[] = [];

  constructor(private readonly seed: Uint8Array) {}

  async next(): Promise<number> {
    if (this.words.length === 0) {
      const index = new Uint8Array(8);
      new DataView(index.buffer).setBigUint64(0, this.counter);
      this.counter += 1n;
      const block = await sha256(concat(this.seed, index));
      const view = new DataView(block.buffer);
      for (let offset = 0; offset < 32; offset += 4) this.words.push(view.getUint32(offset));
    }
    return this.words.shift()!;
  }
}

const WORD_RANGE = 2 ** 32;

/** A uniform integer in [0, m) by rejection sampling (1 ≤ m ≤ 2³²). */
async function uniform(stream: WordStream, m: number): Promise<number> {
  if (!Number.isInteger(m) || m < 1 || m > WORD_RANGE) throw new Error(`range out of bounds: ${m}`);
  if (m === 1) return 0;
  const limit = Math.floor(WORD_RANGE / m) * m;
  for (;;) {
    const word = await stream.next();
    if (word < limit) return word % m;
  }
}

/** Positions (0-based, in the canonical list) of min(k, n) winners, in the order they were drawn. */
export async function pickWinners(
  seedHex: string,
  entrantCount: number,
  winnerCount: number,
): Promise<number[]> {
  const stream = new WordStream(hexToBytes(seedHex));
  const picks = Math.min(winnerCount, entrantCount);
  // A sparse Fisher–Yates: only touched positions are stored, so a million entrants cost nothing extra.
  const moved = new Map<number, number>();
  const at = (position: number) => moved.get(position) ?? position;
  const winners: number[] = [];
  for (let j = 0; j < picks; j += 1) {
    const r = j + (await uniform(stream, entrantCount - j));
    const chosen = at(r);
    moved.set(r, at(j));
    moved.set(j, chosen);
    winners.push(chosen);
  }
  return winners;
}

/** Everything a draw publishes once revealed: enough for anyone to recompute it. */
export interface DrawProof {
  algorithm: string;
  drawId: string;
  commitment: string;
  secret: string;
  /** The canonical entrant list as published. */
  entrants: string[];
  entrantsHash: string;
  /** The close time T (ISO 8601): the beacon round must be the first after it. */
  closedAt?: string | null;
  beacon: PublishedBeacon;
  seed: string;
  winnerCount: number;
  /** Winners' entrant keys, in draw order. */
  winners: string[];
  /**
   * Where the draw's public record is (decision 0202): written before the round existed, it fixes C, H, T and the
   * round. A proof without one verifies at most as practice: nothing outside the server fixed what it shows.
   */
  record?: RecordLocation | null;
}

export interface DrawCheck {
  name: 'algorithm' | 'commitment' | 'entrants' | 'entrantsHash' | 'beacon' | 'record' | 'seed' | 'winners';
  ok: boolean;
  expected: string;
  actual: string;
}

/**
 * Whom the proof protects against. `verified`: it recomputes and its randomness was drand's (neither Hanabi nor
 * the streamer chose it). `practice`: it recomputes, but the beacon was a block of the chain this server runs, so
 * the server controlled the randomness. `failed`: something does not hold.
 */
export type DrawVerdict = 'verified' | 'practice' | 'failed';

/**
 * The check of the draw's public record (`recordCheckVia` reads it from a chain RPC the reader chose). Answers
 * `ok`, or why not in English and, for pages, as problem codes (`reasons`).
 */
export type RecordCheck = (
  proof: DrawProof,
) => Promise<{ ok: true } | { ok: false; problem: string; reasons?: RecordProblem[] }>;

export interface DrawVerification {
  /** Every recomputed step holds (the arithmetic). Not the verdict: a practice draw recomputes too. */
  ok: boolean;
  verdict: DrawVerdict;
  checks: DrawCheck[];
  winners: string[];
  beacon: BeaconVerdict;
  /** The proof names a public record and it was read and checked (either way: `checks` has its row). */
  recordChecked: boolean;
  /** Why the record does not hold, as codes a page words in its language (empty when it holds or was not read). */
  recordProblems: RecordProblem[];
}

/**
 * Recomputes a draw from its proof; every step is reported, so a page can show which one failed. The beacon is
 * checked too (`verifyBeacon`: drand signature, B, round) and `beacon` says how it stood. The verdict is
 * `verified` only when every step holds, the beacon is a verified drand round and the draw's public record, read
 * through `options.record`, holds (decision 0202); a practice beacon, a proof without a record, or a record left
 * unread caps it at `practice`.
 */
export async function verifyDraw(
  proof: DrawProof,
  options: { record?: RecordCheck } = {},
): Promise<DrawVerification> {
  const checks: DrawCheck[] = [];
  const check = (name: DrawCheck['name'], expected: string, actual: string) =>
    checks.push({ name, ok: expected === actual, expected, actual });
  check('algorithm', DRAW_ALGORITHM, proof.algorithm);
  check('commitment', proof.commitment, await commitmentOf(proof.secret));
  let canonical: string[];
  try {
    canonical = canonicalEntrants(proof.entrants);
  } catch (error) {
    canonical = [];
    check('entrants', 'printable ASCII keys', (error as Error).message);
  }
  const asPublished = proof.entrants.join('\n');
  check(
    'entrants',
    `${proof.entrants.length} distinct, sorted`,
    canonical.join('\n') === asPublished
      ? `${proof.entrants.length} distinct, sorted`
      : 'not distinct and sorted',
  );
  const entrantsHash = await entrantsHashOf(proof.entrants);
  check('entrantsHash', proof.entrantsHash, entrantsHash);
  const beacon = await verifyBeacon(proof.beacon, proof.closedAt, { recorded: Boolean(proof.record) });
  // A practice beacon gets no row: there is nothing about it that could be "ok", and a green row would say so.
  if (beacon.status !== 'practice') {
    check('beacon', BEACON_SIGNED, beacon.status === 'verified' ? BEACON_SIGNED : beacon.problem.message);
  }
  // Checked only when there is a record and a way to read it: unread, it cannot make the draw verified.
  let recordHolds = false;
  let recordProblems: RecordProblem[] = [];
  if (proof.record && options.record) {
    const record = await options.record(proof);
    check('record', RECORD_MATCHES, record.ok ? RECORD_MATCHES : record.problem);
    recordHolds = record.ok;
    if (!record.ok) recordProblems = record.reasons ?? [];
  }
  const seed = await seedOf({
    secret: proof.secret,
    entrantsHash,
    beaconValue: proof.beacon.value,
    drawId: proof.drawId,
  });
  check('seed', proof.seed, seed);
  const positions = await pickWinners(seed, proof.entrants.length, proof.winnerCount);
  const winners = positions.map((position) => proof.entrants[position]!);
  check('winners', proof.winners.join(','), winners.join(','));
  const ok = checks.every((item) => item.ok);
  const verdict: DrawVerdict = !ok
    ? 'failed'
    : beacon.status === 'verified' && recordHolds
      ? 'verified'
      : 'practice';
  return {
    ok,
    verdict,
    checks,
    winners,
    beacon,
    recordChecked: Boolean(proof.record && options.record),
    recordProblems,
  };
}
