import { describe, expect, it } from 'vitest';
import {
  DRAND_DEFAULT,
  DRAND_QUICKNET,
  drandRoundAfter,
  drandRoundTime,
  verifyBeacon,
  verifyDrandSignature,
  type DrandChain,
  type PublishedBeacon,
} from './beacon.ts';
import { verifyDraw } from './draw.ts';
import {
  QUICKNET_ROUND_1000,
  QUICKNET_ROUND_12040883,
  closeBefore,
  flipBit,
  quicknetProof,
  type DrandRound,
} from './quicknet-rounds.fixture.ts';
import { DEFAULT_ROUND_1337, DEFAULT_ROUND_72785, defaultChainProof } from './default-rounds.fixture.ts';

const beaconOf = (
  kat: DrandRound = QUICKNET_ROUND_1000,
  chain: DrandChain = DRAND_QUICKNET,
): PublishedBeacon => ({
  source: `drand:${chain.chainHash}`,
  round: String(kat.round),
  value: kat.randomness,
  signature: kat.signature,
  ...(kat.previousSignature ? { previousSignature: kat.previousSignature } : {}),
});

/**
 * The verdict's other half, set aside here: where a record would be, and a record check that holds (the real one,
 * `recordCheckVia`, reads the chain: `commitment-record.test.ts` and the server's integration tests).
 */
const RECORD = { chainId: 31337, registry: `0x${'11'.repeat(20)}`, txHash: `0x${'22'.repeat(32)}` };
const HOLDING_RECORD = { record: async () => ({ ok: true as const }) };

describe('drand beacon check (known answers on real quicknet rounds)', () => {
  it.each([QUICKNET_ROUND_1000, QUICKNET_ROUND_12040883])(
    'verifies round $round against the pinned public key and derives its randomness',
    async (kat) => {
      expect(await verifyDrandSignature(DRAND_QUICKNET, kat.round, kat.signature)).toEqual({
        ok: true,
        randomness: kat.randomness,
      });
      const verdict = await verifyBeacon(beaconOf(kat), closeBefore(kat.round));
      expect(verdict).toMatchObject({ status: 'verified', round: kat.round });
    },
  );

  it('refuses one flipped bit of the signature, another round, and another public key', async () => {
    const kat = QUICKNET_ROUND_1000;
    for (const index of [1, 40, 96]) {
      expect(
        await verifyDrandSignature(DRAND_QUICKNET, kat.round, flipBit(kat.signature, index)),
      ).toMatchObject({ ok: false, problem: { code: 'signature-invalid', round: '1000' } });
    }
    // Round 1000's signature presented as round 1001 (the message is the round number).
    expect(await verifyDrandSignature(DRAND_QUICKNET, 1001, kat.signature)).toMatchObject({ ok: false });
    // Round 12040883's signature is a valid point, only not for round 1000.
    expect(
      await verifyDrandSignature(DRAND_QUICKNET, kat.round, QUICKNET_ROUND_12040883.signature),
    ).toMatchObject({ ok: false });
    // quicknet-t's public key (drand/tlock tlock_test.go, "With quicknet-t invalid network"): a real key, not ours.
    const otherKey =
      'b15b65b46fb29104f6a4b5d1e11a8da6344463973d423661bb0804846a0ecd1ef93c25057f1c0baab2ac53e56c662b66072f6d84ee791a3382bfb055afab1e6a375538d8ffc451104ac971d2dc9b168e2d3246b0be2015969cbaac298f6502da';
    expect(
      await verifyDrandSignature({ ...DRAND_QUICKNET, publicKey: otherKey }, kat.round, kat.signature),
    ).toMatchObject({ ok: false });
  });

  it('refuses a value that is not SHA-256 of the signature, an unknown chain, a missing signature', async () => {
    const closed = closeBefore(1000);
    const failing = async (change: Partial<PublishedBeacon>) =>
      verifyBeacon({ ...beaconOf(), ...change }, closed);
    expect(await failing({ value: flipBit(QUICKNET_ROUND_1000.randomness) })).toMatchObject({
      status: 'failed',
      problem: { code: 'value-mismatch', round: '1000', message: expect.stringContaining('SHA-256') },
    });
    expect(await failing({ source: `drand:${'00'.repeat(32)}` })).toMatchObject({
      status: 'failed',
      problem: { code: 'chain-unknown', chainHash: '00'.repeat(32) },
    });
    expect(await failing({ signature: null })).toMatchObject({ problem: { code: 'signature-missing' } });
    expect(await failing({ round: '01000' })).toMatchObject({ problem: { code: 'round-invalid' } });
    // An unchained round has no previous signature: one that comes along is not part of what was signed.
    expect(await failing({ previousSignature: DEFAULT_ROUND_72785.previousSignature })).toMatchObject({
      problem: { code: 'field-unexpected', field: 'previousSignature' },
    });
  });

  it('accepts only the first round after the close time', async () => {
    const published = drandRoundTime(DRAND_QUICKNET, 1000);
    expect(published).toBe(1_692_803_367 + 999 * 3);
    const at = (seconds: number) => new Date(seconds * 1000);
    // Closed while round 999 was the newest: 1000 is the first after.
    expect(drandRoundAfter(DRAND_QUICKNET, at(published - 3))).toBe(1000);
    expect(drandRoundAfter(DRAND_QUICKNET, at(published - 0.001))).toBe(1000);
    // Closed at the very second round 1000 came out: its value could be known, so 1001.
    expect(drandRoundAfter(DRAND_QUICKNET, at(published))).toBe(1001);
    expect((await verifyBeacon(beaconOf(), at(published - 3))).status).toBe('verified');
    const late = await verifyBeacon(beaconOf(), at(published));
    expect(late).toMatchObject({ status: 'failed', problem: { code: 'round-not-first', first: '1001' } });
    // A close long before: a later round than the first would let someone wait for a value they like.
    expect((await verifyBeacon(beaconOf(), at(published - 30))).status).toBe('failed');
    expect(await verifyBeacon(beaconOf(), null)).toMatchObject({ problem: { code: 'close-time-missing' } });
  });

  it('verifyDraw checks the beacon of a drand proof and fails the draw when it does not hold', async () => {
    // A drand beacon alone is not enough: without a public record read, nothing fixed the draw before it.
    const unrecorded = await verifyDraw(await quicknetProof());
    expect(unrecorded).toMatchObject({ ok: true, verdict: 'practice', recordChecked: false });
    const honest = await verifyDraw({ ...(await quicknetProof()), record: RECORD }, HOLDING_RECORD);
    expect(honest.ok).toBe(true);
    expect(honest.verdict).toBe('verified');
    expect(honest.beacon.status).toBe('verified');
    expect(honest.checks.find((check) => check.name === 'beacon')?.ok).toBe(true);

    const tampered = await quicknetProof();
    tampered.beacon.signature = flipBit(tampered.beacon.signature!);
    const result = await verifyDraw(tampered);
    expect(result.ok).toBe(false);
    expect(result.verdict).toBe('failed');
    expect(result.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(['beacon']);

    const wrongTime = await quicknetProof();
    wrongTime.closedAt = closeBefore(1200).toISOString();
    expect((await verifyDraw(wrongTime)).checks.find((check) => check.name === 'beacon')?.ok).toBe(false);
  });
});

describe('drand beacon check (known answers on real rounds of the chained default chain)', () => {
  const timing = (round: number) => closeBefore(round, DRAND_DEFAULT);

  it.each([DEFAULT_ROUND_72785, DEFAULT_ROUND_1337])(
    'verifies round $round with its previous signature against the pinned G1 key',
    async (kat) => {
      expect(
        await verifyDrandSignature(DRAND_DEFAULT, kat.round, kat.signature, kat.previousSignature),
      ).toEqual({ ok: true, randomness: kat.randomness });
      expect(await verifyBeacon(beaconOf(kat, DRAND_DEFAULT), timing(kat.round))).toMatchObject({
        status: 'verified',
        chain: { name: 'default' },
        round: kat.round,
      });
    },
  );

  it('times rounds by the default chain’s own genesis and 30 s period', () => {
    expect(drandRoundTime(DRAND_DEFAULT, 72_785)).toBe(1_595_431_050 + 72_784 * 30);
    const published = new Date(drandRoundTime(DRAND_DEFAULT, 72_785) * 1000);
    expect(drandRoundAfter(DRAND_DEFAULT, new Date(published.getTime() - 29_000))).toBe(72_785);
    expect(drandRoundAfter(DRAND_DEFAULT, published)).toBe(72_786);
  });

  it('refuses a flipped bit of the signature or of the previous signature, and a missing previous one', async () => {
    const kat = DEFAULT_ROUND_72785;
    const closed = timing(kat.round);
    const failing = async (change: Partial<PublishedBeacon>) =>
      verifyBeacon({ ...beaconOf(kat, DRAND_DEFAULT), ...change }, closed);
    for (const index of [1, 100, 192]) {
      expect(await failing({ signature: flipBit(kat.signature, index) })).toMatchObject({
        status: 'failed',
        problem: { code: 'signature-invalid', round: '72785', chain: 'default' },
      });
      // The previous signature is only hashed into the message: any bit of it changes what was signed.
      expect(await failing({ previousSignature: flipBit(kat.previousSignature!, index) })).toMatchObject({
        status: 'failed',
        problem: { code: 'signature-invalid' },
      });
    }
    expect(await failing({ previousSignature: null })).toMatchObject({
      problem: { code: 'previous-signature-missing' },
    });
    expect(await failing({ previousSignature: kat.previousSignature!.slice(2) })).toMatchObject({
      problem: { code: 'previous-signature-malformed' },
    });
  });

  it('refuses another round’s signature, a wrong round number and a relabelled chain', async () => {
    const kat = DEFAULT_ROUND_72785;
    // Round 1337's signature and previous signature, both real, presented as round 72785.
    expect(
      await verifyBeacon(
        {
          ...beaconOf(kat, DRAND_DEFAULT),
          signature: DEFAULT_ROUND_1337.signature,
          previousSignature: DEFAULT_ROUND_1337.previousSignature,
          value: DEFAULT_ROUND_1337.randomness,
        },
        timing(kat.round),
      ),
    ).toMatchObject({ status: 'failed', problem: { code: 'signature-invalid' } });
    // The round number is part of the message.
    expect(
      await verifyDrandSignature(DRAND_DEFAULT, 321, kat.signature, kat.previousSignature),
    ).toMatchObject({ ok: false, problem: { code: 'signature-invalid', round: '321' } });
    const otherRound = { ...beaconOf(kat, DRAND_DEFAULT), round: '72786' };
    expect(await verifyBeacon(otherRound, timing(72_786))).toMatchObject({ status: 'failed' });
    // A default-chain round labelled quicknet: another key, another scheme, another signature length.
    expect(
      await verifyBeacon(
        { ...beaconOf(kat, DRAND_DEFAULT), source: `drand:${DRAND_QUICKNET.chainHash}` },
        closeBefore(kat.round),
      ),
    ).toMatchObject({ status: 'failed', problem: { code: 'signature-malformed' } });
    // And a quicknet round labelled default.
    expect(
      await verifyBeacon(
        { ...beaconOf(QUICKNET_ROUND_1000), source: `drand:${DRAND_DEFAULT.chainHash}` },
        timing(1000),
      ),
    ).toMatchObject({ status: 'failed' });
  });

  it('verifyDraw accepts a draw on a real default-chain round and fails it when its previous signature changed', async () => {
    expect((await verifyDraw(await defaultChainProof())).verdict).toBe('practice');
    const honest = await verifyDraw({ ...(await defaultChainProof()), record: RECORD }, HOLDING_RECORD);
    expect(honest).toMatchObject({ ok: true, verdict: 'verified', beacon: { status: 'verified' } });
    const tampered = await defaultChainProof();
    tampered.beacon.previousSignature = flipBit(tampered.beacon.previousSignature!);
    expect(await verifyDraw(tampered)).toMatchObject({ ok: false, verdict: 'failed' });
  });
});

describe('beacon source labels are parsed strictly', () => {
  const practice = { round: '5', value: 'ab'.repeat(32) };
  const closed = closeBefore(1000);

  it('answers practice for the embedded chain’s block hash, never verified', async () => {
    expect(await verifyBeacon({ source: 'chain:31337', ...practice }, closed)).toEqual({
      status: 'practice',
      chainId: '31337',
      round: '5',
    });
    expect(await verifyBeacon({ source: 'chain:1', ...practice }, null)).toMatchObject({
      status: 'practice',
    });
  });

  it.each([
    'chain:137x',
    'chain:0137',
    'chain:0',
    'chain:',
    ' chain:137',
    'chain:137 ',
    'CHAIN:137',
    'embedded-chain',
    `DRAND:${DRAND_QUICKNET.chainHash}`,
    `drand:${DRAND_QUICKNET.chainHash.toUpperCase()}`,
    `drand:${DRAND_QUICKNET.chainHash}\n`,
    `drand:${DRAND_QUICKNET.chainHash.slice(1)}`,
    'drand:',
    '',
  ])('fails the source %j', async (source) => {
    expect(await verifyBeacon({ ...beaconOf(), source }, closed)).toEqual({
      status: 'failed',
      problem: {
        code: 'source-invalid',
        source,
        message: expect.stringContaining('neither drand:<pinned chain hash> nor chain:<chain id>'),
      },
    });
  });

  it('fails a practice beacon that is not a plain block hash or carries a signature', async () => {
    const failing = (change: Partial<PublishedBeacon>) =>
      verifyBeacon({ source: 'chain:31337', ...practice, ...change }, closed);
    expect(await failing({ value: 'AB'.repeat(32) })).toMatchObject({ problem: { code: 'value-malformed' } });
    expect(await failing({ round: '5x' })).toMatchObject({ problem: { code: 'round-invalid' } });
    expect(await failing({ signature: QUICKNET_ROUND_1000.signature })).toMatchObject({
      problem: { code: 'field-unexpected', field: 'signature' },
    });
  });
});
