import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, notification } from '../db/schema.ts';
import { callAs, signUpByEmail, type SignedIn } from '../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../test/goods-fixtures.ts';
import { recordQueries } from '../test/query-counter.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';

type Person = SignedIn & { userId: string };

/**
 * The public reads a burst of viewers hits run a fixed number of queries whatever the page holds (no N+1):
 * each route is counted with one item and with many, and must not grow.
 */
describe.each(testBackends())('query counts of the public reads on %s', (backend) => {
  let ctx: TestContext;
  let few: Person;
  let many: Person;
  let fan: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    few = await signUpByEmail(ctx, 'few@example.com', 'streamer', 'Few');
    many = await signUpByEmail(ctx, 'many@example.com', 'streamer', 'Many');
    fan = await signUpByEmail(ctx, 'fan@example.com', 'audience', 'Fan');
    // One campaign and goods for one streamer, six of each for the other.
    for (const [person, n] of [
      [few, 1],
      [many, 6],
    ] as const) {
      for (let i = 0; i < n; i += 1) {
        const goods = await createGoods(ctx, person, { supply: 100 });
        const res = await callAs(ctx.app, person, 'POST', '/api/campaign', campaignBody(goods.id));
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
    const { db } = ctx.container.database;
    for (let i = 0; i < 6; i += 1) {
      await db.insert(news).values({
        id: crypto.randomUUID(),
        title: `お知らせ ${i}`,
        body: '本文',
        publishedAt: new Date(Date.now() - (i + 1) * 60_000),
        authorId: many.userId,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await db.insert(notification).values({
        id: crypto.randomUUID(),
        userId: fan.userId,
        type: 'watchlistRegistered',
        params: { campaignTitle: `t${i}` },
        href: '/campaign/x',
      });
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const queriesOf = async (url: string, person: Person | null = null) => {
    const log = recordQueries(ctx.container.database);
    try {
      const res = await callAs(ctx.app, person, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return log.statements.length;
    } finally {
      log.stop();
    }
  };

  it('the streamer page', async () => {
    const one = await queriesOf(`/api/streamer/${few.userId}`);
    expect(await queriesOf(`/api/streamer/${many.userId}`)).toBe(one);
    expect(one).toBeLessThanOrEqual(8);
    const signedIn = await queriesOf(`/api/streamer/${few.userId}`, fan);
    expect(await queriesOf(`/api/streamer/${many.userId}`, fan)).toBe(signedIn);
  });

  it('news', async () => {
    const one = await queriesOf('/api/news?limit=1');
    expect(await queriesOf('/api/news?limit=20')).toBe(one);
    expect(one).toBeLessThanOrEqual(2);
  });

  it('notifications', async () => {
    const one = await queriesOf(`/api/notification?userId=${fan.userId}&limit=1`, fan);
    expect(await queriesOf(`/api/notification?userId=${fan.userId}&limit=20`, fan)).toBe(one);
  });

  it('the streamer directory', async () => {
    const one = await queriesOf('/api/streamer?limit=1');
    expect(await queriesOf('/api/streamer?limit=20')).toBe(one);
  });

  it('answers signed-out viewers of a streamer page and of like counts with an ETag and shared caching', async () => {
    const campaignId = (await callAs(ctx.app, null, 'GET', `/api/campaign?streamerId=${few.userId}`)).json()
      .list[0].id as string;
    for (const url of [`/api/streamer/${few.userId}`, `/api/like/campaign/${campaignId}`]) {
      const first = await callAs(ctx.app, null, 'GET', url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
      expect(first.headers['set-cookie']).toBeUndefined();
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag },
      });
      expect(again.statusCode).toBe(304);
      // Signed in: their own answer (follow and like state), not the shared one.
      const mine = await callAs(ctx.app, fan, 'GET', url);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBeUndefined();
    }
    expect(
      (await callAs(ctx.app, null, 'GET', '/api/like/campaign/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx.app, null, 'GET', '/api/streamer/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});
