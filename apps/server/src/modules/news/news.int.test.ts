import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

describe.each(testBackends({ embedded: true }))('news (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn & { userId: string };
  let streamer: SignedIn;
  let audience: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer');
    audience = await signUpByEmail(ctx, 'fan@example.com', 'audience');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (body: object, as: SignedIn | null = boss) => callAs(ctx.app, as, 'POST', '/api/news', body);
  const hour = 3_600_000;

  it('lets only operators write: 401 signed out, 403 for streamers and audience members', async () => {
    const body = { title: 't', body: 'b' };
    expect((await post(body, null)).statusCode).toBe(401);
    for (const person of [streamer, audience]) {
      const res = await post(body, person);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await callAs(ctx.app, person, 'GET', '/api/admin/news')).statusCode).toBe(403);
      expect((await callAs(ctx.app, person, 'PUT', '/api/news/x', { title: 'x' })).statusCode).toBe(403);
      expect((await callAs(ctx.app, person, 'DELETE', '/api/news/x')).statusCode).toBe(403);
    }
    expect((await callAs(ctx.app, null, 'GET', '/api/admin/news')).statusCode).toBe(401);
  });

  it('names the bad fields (400)', async () => {
    const res = await post({ title: '', body: 'x'.repeat(5001), publishedAt: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.details as { field: string }[]).map((detail) => detail.field).sort();
    expect(fields).toEqual(['body.body', 'body.publishedAt', 'body.title']);
    const empty = await callAs(ctx.app, boss, 'PUT', '/api/news/whatever', {});
    expect(empty.statusCode).toBe(400);
  });

  it('publishes, schedules, drafts, unpublishes and deletes; the public sees only what is published', async () => {
    const now = Date.now();
    const published = await post({
      title: 'メンテナンスのお知らせ',
      body: '本文',
      titleEn: 'Maintenance',
      bodyEn: 'Body',
      publishedAt: new Date(now - hour).toISOString(),
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({
      state: 'published',
      titleEn: 'Maintenance',
      author: { id: boss.userId, name: 'Boss' },
    });
    const scheduled = (
      await post({ title: '予定', body: '未来', publishedAt: new Date(now + 24 * hour).toISOString() })
    ).json();
    expect(scheduled).toMatchObject({ state: 'scheduled', titleEn: null });
    const draft = (await post({ title: '下書き', body: 'まだ', titleEn: '  ', bodyEn: '' })).json();
    expect(draft).toMatchObject({ state: 'draft', publishedAt: null, titleEn: null, bodyEn: null });

    const publicList = (await callAs(ctx.app, null, 'GET', '/api/news')).json();
    expect(publicList.list.map((item: { id: string }) => item.id)).toEqual([published.json().id]);
    expect(publicList.list[0]).toEqual({
      id: published.json().id,
      title: 'メンテナンスのお知らせ',
      body: '本文',
      titleEn: 'Maintenance',
      bodyEn: 'Body',
      publishedAt: new Date(now - hour).toISOString(),
    });

    const all = (await callAs(ctx.app, boss, 'GET', '/api/admin/news')).json();
    expect(all.list.map((item: { state: string }) => item.state)).toEqual([
      'draft',
      'scheduled',
      'published',
    ]);
    const drafts = (await callAs(ctx.app, boss, 'GET', '/api/admin/news?state=draft')).json();
    expect(drafts.list).toHaveLength(1);

    // Publish the draft now; unpublish the first one.
    const edited = await callAs(ctx.app, boss, 'PUT', `/api/news/${draft.id}`, {
      title: '公開しました',
      publishedAt: new Date().toISOString(),
    });
    expect(edited.json()).toMatchObject({ state: 'published', title: '公開しました', body: 'まだ' });
    const unpublished = await callAs(ctx.app, boss, 'PUT', `/api/news/${published.json().id}`, {
      publishedAt: null,
    });
    expect(unpublished.json()).toMatchObject({ state: 'draft', publishedAt: null });
    const after = (await callAs(ctx.app, audience, 'GET', '/api/news')).json();
    expect(after.list.map((item: { id: string }) => item.id)).toEqual([draft.id]);

    expect((await callAs(ctx.app, boss, 'DELETE', `/api/news/${draft.id}`)).statusCode).toBe(204);
    expect((await callAs(ctx.app, boss, 'DELETE', `/api/news/${draft.id}`)).statusCode).toBe(404);
    expect((await callAs(ctx.app, boss, 'PUT', `/api/news/${draft.id}`, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await callAs(ctx.app, null, 'GET', '/api/news')).json().list).toEqual([]);
    await callAs(ctx.app, boss, 'DELETE', `/api/news/${scheduled.id}`);
    await callAs(ctx.app, boss, 'DELETE', `/api/news/${published.json().id}`);
  });

  it('pages newest first with nextCursor, without gaps or repeats; a bad cursor is a 400', async () => {
    const base = Date.now() - 100 * hour;
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      // Two items share each publication time, so the id breaks ties.
      const at = new Date(base + Math.floor(i / 2) * hour).toISOString();
      ids.push((await post({ title: `n${i}`, body: 'b', publishedAt: at })).json().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&nextCursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const page = (await callAs(ctx.app, null, 'GET', `/api/news${query}`)).json();
      seen.push(...page.list.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    const bad = await callAs(ctx.app, null, 'GET', '/api/news?nextCursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('query.nextCursor');
  });
});
