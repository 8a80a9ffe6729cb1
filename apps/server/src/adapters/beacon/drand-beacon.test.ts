import { describe, expect, it } from 'vitest';
import { DRAND_DEFAULT, DRAND_QUICKNET, drandRoundTime } from '@hanabi/draw';
import { DEFAULT_ROUND_1337, DEFAULT_ROUND_72785 } from '@hanabi/draw/default-rounds';
import { QUICKNET_ROUND_1000 as KAT, QUICKNET_ROUND_12040883, flipBit } from '@hanabi/draw/quicknet-rounds';
import { isAdapterError } from '../adapter-error.ts';
import { DrandBeacon } from './drand-beacon.ts';

const HASH = DRAND_QUICKNET.chainHash;
const PUBLISHED_MS = drandRoundTime(DRAND_QUICKNET, KAT.round) * 1000;
const ROUND_1000 = { round: KAT.round, randomness: KAT.randomness, signature: KAT.signature };

type Answer = { status: number; body?: unknown };

function relay(answers: Answer[], seen: string[] = []): typeof fetch {
  return (async (url: string | URL) => {
    seen.push(String(url));
    const next = answers.shift() ?? { status: 500 };
    return new Response(next.body === undefined ? 'x' : JSON.stringify(next.body), { status: next.status });
  }) as typeof fetch;
}

function beacon(
  answers: Answer[],
  options: { now?: number; seen?: string[]; slept?: number[]; chainHash?: string } = {},
) {
  return new DrandBeacon({
    url: 'https://relay.example',
    chainHash: options.chainHash ?? HASH,
    now: () => options.now ?? PUBLISHED_MS + 10_000,
    sleep: async (ms) => void options.slept?.push(ms),
    fetch: relay(answers, options.seen),
  });
}

describe('drand beacon', () => {
  it('names the first round published strictly after T, from the pinned chain (no relay asked)', async () => {
    const seen: string[] = [];
    const b = beacon([], { seen });
    expect(await b.roundAfter(new Date(PUBLISHED_MS - 2_000))).toEqual({
      source: `drand:${HASH}`,
      round: '1000',
    });
    expect(await b.roundAfter(new Date(PUBLISHED_MS))).toEqual({ source: `drand:${HASH}`, round: '1001' });
    expect(seen).toEqual([]);
  });

  it('refuses a chain whose public key it does not know', () => {
    expect(() => new DrandBeacon({ url: 'https://r', chainHash: 'ab'.repeat(32) })).toThrow(/pinned/);
  });

  it('waits for the round, asks again while the relay is behind, and answers its verified randomness', async () => {
    const seen: string[] = [];
    const slept: number[] = [];
    const b = beacon([{ status: 425 }, { status: 200, body: ROUND_1000 }], {
      now: PUBLISHED_MS - 2_000,
      seen,
      slept,
    });
    const round = await b.roundAfter(new Date(PUBLISHED_MS - 2_000));
    expect(await b.value(round)).toEqual({ ...round, value: KAT.randomness, signature: KAT.signature });
    expect(seen.at(-1)).toBe(`https://relay.example/${HASH}/public/1000`);
    expect(slept.length).toBeGreaterThanOrEqual(2); // until due, then once after the 425
  });

  it('never answers a round whose signature, round or randomness does not hold, and says why', async () => {
    const round = { source: `drand:${HASH}`, round: '1000' };
    const tampered: Array<[string, typeof ROUND_1000]> = [
      ['one bit of the signature', { ...ROUND_1000, signature: flipBit(KAT.signature) }],
      ['another round’s signature', { ...ROUND_1000, signature: QUICKNET_ROUND_12040883.signature }],
      ['randomness of its own choosing', { ...ROUND_1000, randomness: flipBit(KAT.randomness) }],
    ];
    for (const [, body] of tampered) {
      const seen: string[] = [];
      await expect(beacon(Array(10).fill({ status: 200, body }), { seen }).value(round)).rejects.toSatisfy(
        (error: unknown) => isAdapterError(error, 'retryable') && /refused/.test((error as Error).message),
      );
      expect(seen.length).toBe(6); // asked again, never used
    }
    // A lying answer then an honest one: the honest one is used.
    expect(
      (
        await beacon([
          { status: 200, body: tampered[0]![1] },
          { status: 200, body: ROUND_1000 },
        ]).value(round)
      ).value,
    ).toBe(KAT.randomness);
  });

  it('maps failures to adapter kinds: a wrong round is permanent, 5xx retryable, 401 auth', async () => {
    const round = { source: `drand:${HASH}`, round: '1000' };
    await expect(
      beacon([{ status: 200, body: { ...ROUND_1000, round: 999 } }]).value(round),
    ).rejects.toSatisfy((error: unknown) => isAdapterError(error, 'permanent'));
    await expect(beacon(Array(10).fill({ status: 503 })).value(round)).rejects.toSatisfy((error: unknown) =>
      isAdapterError(error, 'retryable'),
    );
    await expect(beacon([{ status: 401 }]).value(round)).rejects.toSatisfy((error: unknown) =>
      isAdapterError(error, 'auth'),
    );
  });
});

describe('drand beacon on the chained default chain', () => {
  const CHAINED = DRAND_DEFAULT.chainHash;
  const R = DEFAULT_ROUND_72785;
  /** Round 72785 as a relay answers `/public/72785` of the default chain (drand's JSON field names). */
  const ANSWER = {
    round: R.round,
    randomness: R.randomness,
    signature: R.signature,
    previous_signature: R.previousSignature,
  };
  const PUBLISHED = drandRoundTime(DRAND_DEFAULT, R.round) * 1000;
  const round = { source: `drand:${CHAINED}`, round: String(R.round) };

  it('times rounds by the chain’s 30 s period and genesis', async () => {
    const b = beacon([], { chainHash: CHAINED });
    expect(await b.roundAfter(new Date(PUBLISHED - 29_000))).toEqual(round);
    expect(await b.roundAfter(new Date(PUBLISHED))).toEqual({ ...round, round: String(R.round + 1) });
  });

  it('answers the verified randomness with the signature and the previous signature it signs', async () => {
    const seen: string[] = [];
    const answered = await beacon([{ status: 200, body: ANSWER }], {
      chainHash: CHAINED,
      now: PUBLISHED + 1000,
      seen,
    }).value(round);
    expect(answered).toEqual({
      ...round,
      value: R.randomness,
      signature: R.signature,
      previousSignature: R.previousSignature,
    });
    expect(seen).toEqual([`https://relay.example/${CHAINED}/public/72785`]);
  });

  it('never answers a round whose signature or previous signature was changed, or that comes without one', async () => {
    const tampered = [
      { ...ANSWER, signature: flipBit(R.signature) },
      { ...ANSWER, previous_signature: flipBit(R.previousSignature!) },
      { ...ANSWER, signature: DEFAULT_ROUND_1337.signature, randomness: DEFAULT_ROUND_1337.randomness },
      { round: R.round, randomness: R.randomness, signature: R.signature },
    ];
    for (const body of tampered) {
      const seen: string[] = [];
      await expect(
        beacon(Array(10).fill({ status: 200, body }), {
          chainHash: CHAINED,
          seen,
          now: PUBLISHED + 1000,
        }).value(round),
      ).rejects.toSatisfy(
        (error: unknown) => isAdapterError(error, 'retryable') && /refused/.test((error as Error).message),
      );
      expect(seen.length).toBe(6);
    }
  });
});
