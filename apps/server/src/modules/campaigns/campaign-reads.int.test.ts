import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignList } from '@hanabi/api';
import { campaign, liveStream } from '../../db/schema.ts';
import { insertStream } from '../../test/live-entries.fixture.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { recordQueries } from '../../test/query-counter.ts';

type Person = SignedIn & { userId: string };
const MINUTE = 60_000;

describe.each(testBackends())('public campaign reads on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let viewer: Person;
  let prize: string;

  beforeAll(async () => {
    // A long cache life, so what these tests see fresh is fresh because of invalidation, not expiry.
    ctx = await createTestContext(backend, {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_READ_CACHE_MS: '60000' },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者');
    prize = (await createGoods(ctx, alice, { supply: 1000 })).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const call = (person: Person | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
    callAs(ctx.app, person, method, url, payload);
  const create = async (changes: Record<string, unknown> = {}) => {
    const created = await callAs(ctx.app, alice, 'POST', '/api/campaign', campaignBody(prize, changes));
    if (created.statusCode !== 201) throw new Error(`campaign failed: ${created.body}`);
    return Campaign.parse(created.json());
  };
  const rowOf = async (id: string) =>
    (await ctx.container.database.db.select().from(campaign).where(eq(campaign.id, id)))[0]!;

  it('never writes on a read: a campaign whose start has passed reads as live, its row untouched', async () => {
    const made = await create();
    // The start passes without the status job running (it is not started in tests).
    await ctx.container.database.db
      .update(campaign)
      .set({ startsAt: new Date(Date.now() - MINUTE) })
      .where(eq(campaign.id, made.id));
    await ctx.container.services.campaignReads.changed(made.id);
    const before = await rowOf(made.id);
    expect(before.status).toBe('scheduled');

    const log = recordQueries(ctx.container.database);
    try {
      const anonymous = await call(null, 'GET', `/api/campaign/${made.id}`);
      expect(anonymous.json().status).toBe('live');
      const signedIn = await call(viewer, 'GET', `/api/campaign/${made.id}`);
      expect(signedIn.json().status).toBe('live');
      const owner = await call(alice, 'GET', `/api/campaign/${made.id}`);
      expect(owner.json().status).toBe('live');
      const live = CampaignList.parse(
        (await call(null, 'GET', '/api/campaign?type=audience&status=live&limit=100')).json(),
      );
      expect(live.list.map((item) => item.id)).toContain(made.id);
      const scheduled = CampaignList.parse(
        (await call(viewer, 'GET', '/api/campaign?type=audience&status=scheduled&limit=100')).json(),
      );
      expect(scheduled.list.map((item) => item.id)).not.toContain(made.id);
      const own = CampaignList.parse((await call(alice, 'GET', '/api/campaign?type=streamer')).json());
      expect(own.list.find((item) => item.id === made.id)?.status).toBe('live');
      expect(log.statements.length).toBeGreaterThan(0);
      expect(log.writes()).toEqual([]);
    } finally {
      log.stop();
    }
    const after = await rowOf(made.id);
    expect(after.status).toBe('scheduled');
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('says "on air" only while a stream of the campaign is live on its platform, not merely open', async () => {
    const made = await create();
    await ctx.container.database.db
      .update(campaign)
      .set({ status: 'live', startsAt: new Date(Date.now() - MINUTE) })
      .where(eq(campaign.id, made.id));
    const read = async () => Campaign.parse((await call(null, 'GET', `/api/campaign/${made.id}`)).json());
    const listed = async () =>
      CampaignList.parse((await call(null, 'GET', '/api/campaign?type=audience&limit=100')).json()).list.find(
        (item) => item.id === made.id,
      )!;
    expect(await read()).toMatchObject({ status: 'live', onAir: false });
    const stream = await insertStream(ctx.container.database.db, {
      campaignId: made.id,
      platform: 'youtube',
    });
    // Ingestion marks the stream live; this test's cache lives a minute, so the change is announced.
    await ctx.container.services.campaignReads.changed(made.id);
    expect(await read()).toMatchObject({ status: 'live', onAir: true });
    expect((await listed()).onAir).toBe(true);
    await ctx.container.database.db
      .update(liveStream)
      .set({ status: 'ended' })
      .where(eq(liveStream.id, stream.id));
    await ctx.container.services.campaignReads.changed(made.id);
    expect(await read()).toMatchObject({ status: 'live', onAir: false });
    expect((await listed()).onAir).toBe(false);
  });

  it('answers everyone the same cached body with an ETag (304 on a match) and short shared caching', async () => {
    const made = await create({ title: 'キャッシュ' });
    const first = await call(null, 'GET', `/api/campaign/${made.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    // Nothing a shared cache would refuse to store (or store for everyone): no cookie set on it.
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await call(null, 'GET', '/api/config')).headers['set-cookie']).toBeDefined();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(Campaign.parse(first.json())).toMatchObject({ id: made.id, title: 'キャッシュ', isWatch: false });

    // A burst of readers: served from the cache, not one query.
    const log = recordQueries(ctx.container.database);
    try {
      const again = await Promise.all(
        Array.from({ length: 20 }, () => call(null, 'GET', `/api/campaign/${made.id}`)),
      );
      expect(again.every((res) => res.body === first.body && res.headers.etag === etag)).toBe(true);
      expect(log.statements).toEqual([]);
    } finally {
      log.stop();
    }

    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${made.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await ctx.app.inject({
      method: 'GET',
      url: `/api/campaign/${made.id}`,
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.statusCode).toBe(200);

    // A signed-in viewer gets the same body when it says nothing about them, else their isWatch merged in.
    const viewerFirst = await call(viewer, 'GET', `/api/campaign/${made.id}`);
    expect(viewerFirst.body).toBe(first.body);
    expect(viewerFirst.headers['cache-control']).toBe('private, no-cache');
    // Their watch drops their cached watched ids (the cache lives a minute here): the next read shows it.
    const watched = await callAs(ctx.app, viewer, 'POST', `/api/watchlist/${viewer.userId}`, {
      campaignId: made.id,
    });
    expect(watched.statusCode, watched.body).toBe(200);
    const watching = await call(viewer, 'GET', `/api/campaign/${made.id}`);
    expect(Campaign.parse(watching.json())).toMatchObject({ id: made.id, isWatch: true });
    expect(watching.headers.etag).not.toBe(etag);
    expect((await call(null, 'GET', `/api/campaign/${made.id}`)).json().isWatch).toBe(false);
    const list = CampaignList.parse(
      (await call(viewer, 'GET', `/api/campaign?type=audience&streamerId=${alice.userId}&limit=100`)).json(),
    );
    expect(list.list.find((item) => item.id === made.id)?.isWatch).toBe(true);
    // Reading it again costs no query: the body and their watched ids come from memory.
    const again = recordQueries(ctx.container.database);
    try {
      expect((await call(viewer, 'GET', `/api/campaign/${made.id}`)).json().isWatch).toBe(true);
      // (The session lookup itself is not cached in tests: SESSION_CACHE_MS is 0 there.)
      expect(again.statements.filter((sql) => !/auth_session|auth_user|app_user/.test(sql))).toEqual([]);
    } finally {
      again.stop();
    }
    const unwatched = await callAs(
      ctx.app,
      viewer,
      'DELETE',
      `/api/watchlist/${viewer.userId}?campaignId=${made.id}`,
    );
    expect(unwatched.statusCode, unwatched.body).toBe(200);
    expect((await call(viewer, 'GET', `/api/campaign/${made.id}`)).json().isWatch).toBe(false);
  });

  it('shows a change at once: every campaign write drops the cached detail and lists', async () => {
    const made = await create({ title: '前' });
    const listUrl = `/api/campaign?type=audience&streamerId=${alice.userId}&limit=100`;
    expect((await call(null, 'GET', `/api/campaign/${made.id}`)).json().title).toBe('前');
    const titles = () =>
      call(null, 'GET', listUrl).then((res) => CampaignList.parse(res.json()).list.map((item) => item.title));
    expect(await titles()).toContain('前');

    // "Start now": the start moved to now through the update path makes it live at once.
    const edited = await call(alice, 'PUT', `/api/campaign/${made.id}`, {
      title: '後',
      startsAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await call(null, 'GET', `/api/campaign/${made.id}`);
    expect(read.json().title).toBe('後');
    expect(await titles()).toContain('後');
    expect(await titles()).not.toContain('前');
    // The cached entry ends at the start time, so the status flips when it comes, without a write.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(null, 'GET', `/api/campaign/${made.id}`)).json().status).toBe('live');

    // Drafts stay the owner's: a campaign turned draft leaves the public reads at once.
    const hidden = await create({ title: '下書きへ' });
    expect((await call(null, 'GET', `/api/campaign/${hidden.id}`)).statusCode).toBe(200);
    expect((await call(alice, 'PUT', `/api/campaign/${hidden.id}`, { status: 'draft' })).statusCode).toBe(
      200,
    );
    expect((await call(null, 'GET', `/api/campaign/${hidden.id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/campaign/${hidden.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/campaign/${hidden.id}`)).json().status).toBe('draft');
  });

  it('reads a page of public campaigns in the same number of queries whatever its size', async () => {
    for (let i = 0; i < 6; i += 1) await create({ title: `数 ${i}` });
    const count = async (url: string, person: Person | null = null) => {
      await ctx.container.services.campaignReads.changed('');
      const log = recordQueries(ctx.container.database);
      try {
        const res = await call(person, 'GET', url);
        expect(res.statusCode, res.body).toBe(200);
        return log.statements.length;
      } finally {
        log.stop();
      }
    };
    const one = await count('/api/campaign?type=audience&limit=1');
    const many = await count('/api/campaign?type=audience&limit=20');
    expect(many).toBe(one);
    expect(one).toBeLessThanOrEqual(4);
    // Signed in: the session lookup and one query for the viewer's watch flags, whatever the page size.
    expect(await count('/api/campaign?type=audience&limit=20', viewer)).toBe(
      await count('/api/campaign?type=audience&limit=1', viewer),
    );
    expect(await count(`/api/campaign/${(await create()).id}`)).toBeLessThanOrEqual(4);
  });

  it('sends a cached list compressed as the browser accepts, the same bytes every time', async () => {
    for (let i = 0; i < 4; i += 1) await create({ title: `圧縮 ${i}`, description: '説明'.repeat(40) });
    const url = `/api/campaign?type=audience&streamerId=${alice.userId}&limit=100`;
    const plain = await call(null, 'GET', url);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const ask = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await ask('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
