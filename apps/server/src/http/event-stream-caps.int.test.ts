import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestContext,
  headerSessions,
  testBackends,
  type TestContext,
} from '../test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../test/live-entries.fixture.ts';
import { openStreamFrom as open } from '../test/loopback-clients.ts';
import { PostgresStreamSlots } from './stream-slots.ts';

/**
 * Open live event streams per client are capped (issue "[Abuse]", decision 0209): one client held 1,200 open at
 * once. Per client IP over every route family, and per signed-in person wherever they connect from.
 */
describe.each(testBackends({ embedded: true }))('event streams per client on %s', (backend) => {
  let ctx: TestContext;
  let origin: string;
  let campaignId: string;
  const opened: { close: () => void }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      sessions: headerSessions,
      env: { EVENT_STREAMS_PER_IP: '3', EVENT_STREAMS_PER_USER: '2' },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const db = ctx.container.database.db;
    const streamerId = await insertUser(db, { type: 'streamer' });
    campaignId = await insertCampaign(db, { streamerId, goodsId: await insertGoods(db, streamerId) });
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await ctx?.close();
  });

  const live = (from: string) => open(from, `${origin}/api/liveStreaming/${campaignId}/events`);
  const keep = <T extends { close: () => void }>(stream: T) => {
    opened.push(stream);
    return stream;
  };

  it('lets one address hold three, refuses the fourth with 429 and Retry-After, and serves another address', async () => {
    for (let n = 0; n < 3; n += 1) expect(keep(await live('127.0.0.11')).status).toBe(200);
    const refused = keep(await live('127.0.0.11'));
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('30');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(JSON.parse(refused.body()).error.code).toBe('RATE_LIMITED');
    expect(keep(await live('127.0.0.12')).status).toBe(200);
  });

  it('gives a closed stream’s slot back', async () => {
    const first = keep(await live('127.0.0.13'));
    const second = keep(await live('127.0.0.13'));
    keep(await live('127.0.0.13'));
    expect((await live('127.0.0.13')).status).toBe(429);
    first.close();
    second.close();
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = keep(await live('127.0.0.13'));
      status = next.status;
    }
    expect(status).toBe(200);
  });

  it('caps a signed-in person’s notification streams wherever they connect from', async () => {
    const userId = await insertUser(ctx.container.database.db, { type: 'audience' });
    const headers = asUser({ userId, type: 'audience' });
    const notifications = (from: string) => open(from, `${origin}/api/notification/stream`, headers);
    expect(keep(await notifications('127.0.0.21')).status).toBe(200);
    expect(keep(await notifications('127.0.0.22')).status).toBe(200);
    const third = keep(await notifications('127.0.0.23'));
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('30');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'event stream slots shared by api processes on PostgreSQL',
  () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext('postgres');
    });
    afterAll(() => ctx?.close());

    it('counts every process’s streams, and stops counting a dead process’s once stale', async () => {
      const database = ctx.container.database;
      const pool = database.kind === 'postgres' ? database.pool : undefined;
      if (!pool) throw new Error('expected PostgreSQL with a pool');
      const errors: unknown[] = [];
      const [one, two] = [0, 1].map(() => new PostgresStreamSlots(pool, (error) => errors.push(error)));
      const claim = [{ key: 'ip:203.0.113.5', limit: 3 }];
      const held = [await one!.acquire(claim), await one!.acquire(claim), await two!.acquire(claim)];
      expect(held.every(Boolean)).toBe(true);
      expect(await two!.acquire(claim)).toBeNull();
      expect(await one!.acquire(claim)).toBeNull();
      // Opens at once on both processes: never more than the limit between them.
      held[0]!();
      await expect
        .poll(async () => (await pool.query('select count(*)::int as n from open_event_stream')).rows[0].n)
        .toBe(2);
      const raced = await Promise.all([one!.acquire(claim), two!.acquire(claim), one!.acquire(claim)]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      // Rows nobody refreshes (a process that died without a word) stop counting once stale.
      await pool.query(`update open_event_stream set seen_at = now() - interval '1 minute'`);
      expect(await one!.acquire(claim)).not.toBeNull();
      await one!.close();
      await two!.close();
      expect(errors).toEqual([]);
    });
  },
);
