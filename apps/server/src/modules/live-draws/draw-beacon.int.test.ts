import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRAND_DEFAULT, DRAND_QUICKNET, commitmentOf, verifyDraw } from '@hanabi/draw';
import { DEFAULT_ROUND_72785 } from '@hanabi/draw/default-rounds';
import { QUICKNET_ROUND_1000 as KAT, closeBefore, flipBit } from '@hanabi/draw/quicknet-rounds';
import type { Database } from '../../db/client.ts';
import { draw, winner } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { drawTestWorld, insertCampaignWithEntrants } from '../../test/draws.fixture.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { DrandBeacon, type BeaconAdapter } from '../../adapters/beacon/index.ts';
import { DrawEngine } from './draw.engine.ts';
import { DrawsRepository } from './draws.repository.ts';
import { PublicDrawService } from './public-draw.service.ts';

/** Entries closed 1.5 s before quicknet published round 1000 (2023-08-23): round 1000 is the draw's beacon. */
const CLOSED_AT = closeBefore(KAT.round);
const ROUND_1000 = { round: KAT.round, randomness: KAT.randomness, signature: KAT.signature };

/** A drand relay that answers every round with `body` (a real round, or a tampered one). */
function relayAnswering(body: object, chainHash = DRAND_QUICKNET.chainHash): DrandBeacon {
  return new DrandBeacon({
    url: 'https://relay.example',
    chainHash,
    sleep: async () => {},
    fetch: (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch,
  });
}

describe.each(testBackends())('draws on a drand beacon, verified before the reveal, on %s', (backend) => {
  let database: Database;
  let streamerId: string;
  let goodsId: string;
  const log = createLogger(testConfig());
  const world = drawTestWorld(backend, '1');
  beforeAll(() => void ({ database, streamerId, goodsId } = world));

  async function campaignClosingAt(closedAt: Date) {
    const { campaignId } = await insertCampaignWithEntrants(database.db, {
      streamerId,
      goodsId,
      closedAt,
      entrants: 30,
      prefix: 'UCbeacon',
    });
    return campaignId;
  }

  function engine(beacon: BeaconAdapter, closedAt = CLOSED_AT) {
    const secret = '22'.repeat(32);
    return new DrawEngine(
      database.db,
      {
        beacon,
        clock: () => closedAt,
        secret: async () => ({ secret, commitment: await commitmentOf(secret) }),
      },
      log,
    );
  }

  const request = (campaignId: string) =>
    ({
      campaignId,
      count: 'remaining',
      trigger: 'manual',
      requestedBy: streamerId,
      platform: 'youtube',
    }) as const;

  it('reveals with a real quicknet round, stores its signature and publishes a proof every verifier accepts', async () => {
    const campaignId = await campaignClosingAt(CLOSED_AT);
    const done = await engine(relayAnswering(ROUND_1000)).run(request(campaignId));
    expect(done).toMatchObject({
      status: 'revealed',
      beaconSource: `drand:${DRAND_QUICKNET.chainHash}`,
      beaconRound: '1000',
      beaconValue: KAT.randomness,
      beaconSignature: KAT.signature,
    });
    const proof = await new PublicDrawService(database.db, new DrawsRepository(database.db)).proof(done.id);
    expect(proof.closedAt).toBe(CLOSED_AT.toISOString());
    expect(proof.beacon.signature).toBe(KAT.signature);
    const verified = await verifyDraw(proof);
    expect(verified.ok).toBe(true);
    // An engine without the draw registry writes no public record: at most practice (the record path:
    // draw-record.int.test.ts, built-server-drand.int.test.ts).
    expect(proof.record).toBeNull();
    expect(verified.verdict).toBe('practice');
    expect(verified.beacon.status).toBe('verified');
    expect(proof.beacon.previousSignature).toBeNull();
  });

  it('never reveals with a relay answer whose signature was changed by one bit: the draw stays closed', async () => {
    const campaignId = await campaignClosingAt(CLOSED_AT);
    const tampered = { ...ROUND_1000, signature: flipBit(KAT.signature) };
    await expect(engine(relayAnswering(tampered)).run(request(campaignId))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('does not verify'),
    });
    const [row] = await database.db.select().from(draw).where(eq(draw.campaignId, campaignId));
    expect(row).toMatchObject({ status: 'closed', beaconValue: null, beaconSignature: null, seed: null });
    expect(await database.db.select().from(winner).where(eq(winner.campaignId, campaignId))).toEqual([]);

    // The relay answers honestly later: the same draw finishes with the verified round.
    const finished = await engine(relayAnswering(ROUND_1000)).resume(row!.id);
    expect(finished).toMatchObject({ status: 'revealed', beaconValue: KAT.randomness });
  });

  it('refuses to reveal with a validly signed round that is not the first after the close', async () => {
    // Entries closed a minute after round 1000 was out: its value was known, so it cannot be this draw's beacon.
    const lateClose = new Date(CLOSED_AT.getTime() + 60_000);
    const campaignId = await campaignClosingAt(lateClose);
    const stale: BeaconAdapter = {
      roundAfter: async () => ({ source: `drand:${DRAND_QUICKNET.chainHash}`, round: '1000' }),
      value: async (round) => ({ ...round, value: KAT.randomness, signature: KAT.signature }),
    };
    await expect(engine(stale, lateClose).run(request(campaignId))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    const [row] = await database.db.select().from(draw).where(eq(draw.campaignId, campaignId));
    expect(row).toMatchObject({ status: 'closed', beaconValue: null, seed: null });
  });

  it('reveals on the chained default chain with the previous signature kept, published and checked', async () => {
    const round = DEFAULT_ROUND_72785;
    const closedAt = closeBefore(round.round, DRAND_DEFAULT);
    const answer = {
      round: round.round,
      randomness: round.randomness,
      signature: round.signature,
      previous_signature: round.previousSignature,
    };
    const tampered = { ...answer, previous_signature: flipBit(round.previousSignature!) };
    const campaignId = await campaignClosingAt(closedAt);
    await expect(
      engine(relayAnswering(tampered, DRAND_DEFAULT.chainHash), closedAt).run(request(campaignId)),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const [closed] = await database.db.select().from(draw).where(eq(draw.campaignId, campaignId));
    expect(closed).toMatchObject({ status: 'closed', beaconValue: null, beaconPreviousSignature: null });

    const done = await engine(relayAnswering(answer, DRAND_DEFAULT.chainHash), closedAt).resume(closed!.id);
    expect(done).toMatchObject({
      status: 'revealed',
      beaconSource: `drand:${DRAND_DEFAULT.chainHash}`,
      beaconRound: String(round.round),
      beaconValue: round.randomness,
      beaconSignature: round.signature,
      beaconPreviousSignature: round.previousSignature,
    });
    const service = new PublicDrawService(database.db, new DrawsRepository(database.db));
    const proof = await service.proof(done.id);
    expect(proof.beacon.previousSignature).toBe(round.previousSignature);
    expect(await verifyDraw(proof)).toMatchObject({
      ok: true,
      verdict: 'practice',
      beacon: { status: 'verified' },
    });
    expect((await service.get(done.id)).beaconVerdict).toEqual({ status: 'verified', problem: null });
    // The proof without its previous signature no longer verifies: the reader needs it to check the signature.
    const stripped = { ...proof, beacon: { ...proof.beacon, previousSignature: null } };
    expect(await verifyDraw(stripped)).toMatchObject({
      verdict: 'failed',
      beacon: { problem: { code: 'previous-signature-missing' } },
    });
  });
});
