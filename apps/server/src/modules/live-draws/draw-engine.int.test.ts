import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, verifyDraw } from '@hanabi/draw';
import type { Database } from '../../db/client.ts';
import { draw, winner } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { insertCampaign, insertComments, insertStream } from '../../test/live-entries.fixture.ts';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { BeaconAdapter } from '../../adapters/beacon/index.ts';
import { DrawEngine } from './draw.engine.ts';
import { DrawsRepository } from './draws.repository.ts';
import { PublicDrawService } from './public-draw.service.ts';
import { fixedBeacon, drawTestWorld } from '../../test/draws.fixture.ts';

const SECRET = '11'.repeat(32);
const BEACON = 'ab'.repeat(32);
const KEYS = Array.from({ length: 50 }, (_, i) => `UC${String(i).padStart(4, '0')}`);

describe.each(testBackends({ embedded: true }))('draw engine on %s', (backend) => {
  let database: Database;
  let streamerId: string;
  let goodsId: string;
  const log = createLogger(testConfig());
  const world = drawTestWorld(backend, '1');
  beforeAll(() => void ({ database, streamerId, goodsId } = world));

  async function campaignWithEntrants(winnerCount = 3) {
    const id = await insertCampaign(database.db, { streamerId, goodsId, winnerCount });
    const stream = await insertStream(database.db, { campaignId: id, platform: 'youtube' });
    await insertComments(
      database.db,
      stream.id,
      KEYS.map((author) => ({ author })),
    );
    return id;
  }

  function engine(ids: string[], beacon: BeaconAdapter = fixedBeacon(BEACON)) {
    let next = 0;
    return new DrawEngine(
      database.db,
      {
        beacon,
        secret: async () => ({ secret: SECRET, commitment: await commitmentOf(SECRET) }),
        newId: () => ids[next++] ?? crypto.randomUUID(),
      },
      log,
    );
  }

  it('known answer: a fixed secret, entrant list, beacon and id give fixed winners, and the proof verifies', async () => {
    const campaignId = await campaignWithEntrants(3);
    const done = await engine(['draw-known-answer']).run({
      campaignId,
      count: 'remaining',
      trigger: 'manual',
      requestedBy: streamerId,
      platform: 'youtube',
    });
    expect(done).toMatchObject({
      id: 'draw-known-answer',
      status: 'revealed',
      round: 1,
      entrantCount: 50,
      winnerCount: 3,
      beaconSource: 'chain:31337',
      beaconRound: '1',
      beaconValue: BEACON,
      commitment: await commitmentOf(SECRET),
    });
    const winners = await database.db
      .select()
      .from(winner)
      .where(eq(winner.drawId, done.id))
      .orderBy(winner.position);
    expect(winners.map((row) => row.entrantKey)).toEqual(KNOWN_WINNERS);
    expect(winners.every((row) => row.status === 'drawn' && row.platform === 'youtube')).toBe(true);

    const proof = await new PublicDrawService(database.db, new DrawsRepository(database.db)).proof(done.id);
    const verified = await verifyDraw(proof);
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    // A test beacon on the chain's label: it recomputes, but only as a practice draw.
    expect(verified.verdict).toBe('practice');
    expect(verified.winners).toEqual(KNOWN_WINNERS);
    expect(proof.entrants).toEqual(KEYS.map((key) => `youtube:${key}`));
  });

  it('finishes a draw a crash left behind, with the same outcome', async () => {
    const campaignId = await campaignWithEntrants(2);
    const first = engine(['draw-crashed']);
    // The crash: the round was opened (committed) and nothing else happened.
    await first['open']({ campaignId, count: 2, trigger: 'manual', requestedBy: null, platform: 'youtube' });
    const [open] = await database.db.select().from(draw).where(eq(draw.id, 'draw-crashed'));
    expect(open!.status).toBe('open');
    // The next request finishes the open one, and draws nothing more itself: one draw at a time (409).
    await expect(
      engine(['draw-second']).run({
        campaignId,
        count: 1,
        trigger: 'manual',
        requestedBy: null,
        platform: null,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await database.db.select().from(draw).where(eq(draw.id, 'draw-second'))).toEqual([]);
    const [finished] = await database.db.select().from(draw).where(eq(draw.id, 'draw-crashed'));
    expect(finished!.status).toBe('revealed');
    const proof = await new PublicDrawService(database.db, new DrawsRepository(database.db)).proof(
      'draw-crashed',
    );
    expect((await verifyDraw(proof)).ok).toBe(true);
  });

  it('resumes twice at once without drawing twice', async () => {
    const campaignId = await campaignWithEntrants(2);
    const beacon = fixedBeacon(BEACON);
    const one = engine(['draw-racing'], beacon);
    await one['open']({ campaignId, count: 2, trigger: 'manual', requestedBy: null, platform: 'youtube' });
    await Promise.all([one.resume('draw-racing'), engine([], beacon).resume('draw-racing')]);
    const rows = await database.db.select().from(winner).where(eq(winner.drawId, 'draw-racing'));
    expect(rows).toHaveLength(2);
  });

  it('runs one draw at a time per campaign: two at once never draw more than remain', async () => {
    const campaignId = await campaignWithEntrants(3);
    const request = {
      campaignId,
      count: 'remaining' as const,
      trigger: 'manual' as const,
      requestedBy: null,
      platform: null,
    };
    const outcomes = await Promise.allSettled([engine([]).run(request), engine([]).run(request)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect([409, 422]).toContain(outcome.reason.statusCode);
    }
    const rows = await database.db.select().from(winner).where(eq(winner.campaignId, campaignId));
    expect(rows).toHaveLength(3);
  });

  it('keeps a draw closed when the beacon is unreachable (503) and finishes it with the same round later', async () => {
    const campaignId = await campaignWithEntrants(1);
    let down = true;
    const rounds: string[] = [];
    const flaky = {
      roundAfter: async () => ({ source: 'chain:31337', round: '7' }),
      value: async (round: { source: string; round: string }) => {
        rounds.push(round.round);
        if (down) throw new AdapterError('retryable', 'beacon', 'relay down');
        return { ...round, value: BEACON };
      },
    };
    const request = { campaignId, count: 1, trigger: 'manual' as const, requestedBy: null, platform: null };
    await expect(engine(['draw-flaky'], flaky).run(request)).rejects.toMatchObject({ statusCode: 503 });
    const [closed] = await database.db.select().from(draw).where(eq(draw.id, 'draw-flaky'));
    expect(closed).toMatchObject({ status: 'closed', beaconRound: '7', beaconValue: null, seed: null });
    down = false;
    const done = await engine([], flaky).resume('draw-flaky');
    expect(done).toMatchObject({ status: 'revealed', beaconRound: '7', beaconValue: BEACON });
    expect(rounds).toEqual(['7', '7']);
  });

  it('refuses when nobody is eligible, and keeps the round as failed (no entrants) so numbers have no gaps', async () => {
    const id = await insertCampaign(database.db, {
      streamerId,
      goodsId,
      rule: { keyword: 'nobody says this' },
    });
    const stream = await insertStream(database.db, { campaignId: id, platform: 'youtube' });
    await insertComments(database.db, stream.id, [{ author: 'UCx', text: 'hi' }]);
    await expect(
      engine([]).run({
        campaignId: id,
        count: 'remaining',
        trigger: 'manual',
        requestedBy: null,
        platform: null,
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const [kept] = await database.db.select().from(draw).where(eq(draw.campaignId, id));
    expect(kept).toMatchObject({ round: 1, status: 'failed', failureCode: 'noEntrants', entrantCount: 0 });
    await insertComments(database.db, stream.id, [{ author: 'UCy', text: 'nobody says this' }]);
    const next = await engine([]).run({
      campaignId: id,
      count: 'remaining',
      trigger: 'manual',
      requestedBy: null,
      platform: null,
    });
    expect(next).toMatchObject({ round: 2, status: 'revealed' });
  });
});

/** Frozen by the first run; recomputed independently by verifyDraw above. */
const KNOWN_WINNERS = ['youtube:UC0013', 'youtube:UC0005', 'youtube:UC0010'];
