import { describe, expect, it } from 'vitest';
import {
  DRAND_QUICKNET,
  drandRoundAfter,
  drandRoundTime,
  verifyBeacon,
  verifyDrandSignature,
  type PublishedBeacon,
} from './beacon.ts';
import { verifyDraw } from './draw.ts';
import {
  QUICKNET_ROUND_1000,
  QUICKNET_ROUND_12040883,
  closeBefore,
  flipBit,
  quicknetProof,
} from './quicknet-rounds.fixture.ts';

const SOURCE = `drand:${DRAND_QUICKNET.chainHash}`;
const beaconOf = (kat = QUICKNET_ROUND_1000): PublishedBeacon => ({
  source: SOURCE,
  round: String(kat.round),
  value: kat.randomness,
  signature: kat.signature,
});

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
      ).toMatchObject({
        ok: false,
      });
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
      problem: expect.stringContaining('SHA-256'),
    });
    expect(await failing({ source: `drand:${'00'.repeat(32)}` })).toMatchObject({ status: 'failed' });
    expect(await failing({ signature: null })).toMatchObject({ status: 'failed' });
    expect(await failing({ round: '01000' })).toMatchObject({ status: 'failed' });
    expect(await verifyBeacon({ source: 'chain:31337', round: '5', value: 'ab'.repeat(32) }, closed)).toEqual(
      {
        status: 'unsigned',
      },
    );
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
    expect(late).toMatchObject({ status: 'failed', problem: expect.stringContaining('round 1001') });
    // A close long before: a later round than the first would let someone wait for a value they like.
    expect((await verifyBeacon(beaconOf(), at(published - 30))).status).toBe('failed');
    expect((await verifyBeacon(beaconOf(), null)).status).toBe('failed');
  });

  it('verifyDraw checks the beacon of a drand proof and fails the draw when it does not hold', async () => {
    const honest = await verifyDraw(await quicknetProof());
    expect(honest.ok).toBe(true);
    expect(honest.beacon.status).toBe('verified');
    expect(honest.checks.find((check) => check.name === 'beacon')?.ok).toBe(true);

    const tampered = await quicknetProof();
    tampered.beacon.signature = flipBit(tampered.beacon.signature!);
    const result = await verifyDraw(tampered);
    expect(result.ok).toBe(false);
    expect(result.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(['beacon']);

    const wrongTime = await quicknetProof();
    wrongTime.closedAt = closeBefore(1200).toISOString();
    expect((await verifyDraw(wrongTime)).checks.find((check) => check.name === 'beacon')?.ok).toBe(false);
  });
});
