import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignResults, DrawProofResponse, PublicDraw } from '@hanabi/api';
import { winner } from '../../db/schema.ts';
import { recordQueries } from '../../test/query-counter.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

/**
 * A campaign's public results come from the read cache (decision 0105): one load per campaign and change, and a
 * change shows at once because every change they show is a live event, which drops the entry. The cache lives a
 * minute here, so what these tests see fresh is fresh because of the invalidation, not expiry.
 */
describe.each(testBackends())('cached campaign results on %s', (backend) => {
  let world: DrawWorld;

  beforeAll(async () => {
    world = await openDrawWorld(backend, { PUBLIC_READ_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await world?.close();
  });

  const results = async (id: string) => {
    const res = await world.as(null, 'audience').call('GET', `/api/campaign/${id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    return { body: CampaignResults.parse(res.json()), etag: String(res.headers.etag) };
  };
  const drawOn = async (c: Awaited<ReturnType<DrawWorld['campaign']>>) => {
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const drawn = await world.as(world.streamerId).call('POST', `${path}/winner`, { campaignId: c.id });
    expect(drawn.statusCode, drawn.body).toBe(201);
  };
  const countQueries = async (url: string) => {
    const log = recordQueries(world.ctx.container.database);
    try {
      const res = await world.as(null, 'audience').call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return log.statements.length;
    } finally {
      log.stop();
    }
  };

  it('serves repeated reads from memory with an ETag and shared caching, and shows a draw at once', async () => {
    const c = await world.campaign({ winnerCount: 1 });
    await insertComments(world.ctx.container.database.db, c.youtube.id, [
      { author: 'UCone', name: 'One' },
      { author: 'UCtwo', name: 'Two' },
    ]);
    const before = await results(c.id);
    expect(before.body.draws).toEqual([]);
    expect(await countQueries(`/api/campaign/${c.id}/results`)).toBe(0);
    const first = await world.as(null, 'audience').call('GET', `/api/campaign/${c.id}/results`);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(first.headers['set-cookie']).toBeUndefined();
    const revalidated = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${c.id}/results`,
      headers: { 'if-none-match': before.etag },
    });
    expect(revalidated.statusCode).toBe(304);

    // The reveal is announced (a live event in its transaction): the entry is dropped in every process. The
    // announcement travels by NOTIFY, so allow its few milliseconds; the entry itself would live a minute.
    await drawOn(c);
    await expect
      .poll(async () => (await results(c.id)).body.draws.length, { timeout: 5000, interval: 50 })
      .toBe(1);
    const after = await results(c.id);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.draws[0]!.winners).toHaveLength(1);

    // What is not announced stays cached until its time runs out (this is the cache at work, not a reload).
    const db = world.ctx.container.database.db;
    await db.update(winner).set({ displayName: 'Renamed' }).where(eq(winner.drawId, after.body.draws[0]!.id));
    expect((await results(c.id)).body.draws[0]!.winners[0]!.displayName).not.toBe('Renamed');
  });

  it('reads a draw and its proof in the same few queries whatever the number of entrants and winners', async () => {
    const small = await world.campaign({ winnerCount: 1 });
    const large = await world.campaign({ winnerCount: 6 });
    await insertComments(world.ctx.container.database.db, small.youtube.id, [
      { author: 'UCa', name: 'A' },
      { author: 'UCb', name: 'B' },
    ]);
    await insertComments(
      world.ctx.container.database.db,
      large.youtube.id,
      Array.from({ length: 12 }, (_, i) => ({ author: `UCmany${i}`, name: `Many ${i}` })),
    );
    await drawOn(small);
    await drawOn(large);
    const drawIdOf = async (id: string) => {
      await expect.poll(async () => (await results(id)).body.draws.length, { timeout: 5000 }).toBe(1);
      return (await results(id)).body.draws[0]!.id;
    };
    const [one, many] = [await drawIdOf(small.id), await drawIdOf(large.id)];
    const manyDraw = PublicDraw.parse((await world.as(null).call('GET', `/api/draw/${many}`)).json());
    expect(manyDraw.winners).toHaveLength(6);
    const manyProof = DrawProofResponse.parse(
      (await world.as(null).call('GET', `/api/draw/${many}/proof`)).json(),
    );
    expect(manyProof.entrants).toHaveLength(12);

    const drawQueries = await countQueries(`/api/draw/${one}`);
    expect(await countQueries(`/api/draw/${many}`)).toBe(drawQueries);
    expect(drawQueries).toBeLessThanOrEqual(4);
    const proofQueries = await countQueries(`/api/draw/${one}/proof`);
    expect(await countQueries(`/api/draw/${many}/proof`)).toBe(proofQueries);
    expect(proofQueries).toBeLessThanOrEqual(4);
  });
});
