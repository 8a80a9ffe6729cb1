import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Campaign, NotificationList, WatchState } from '@hanabi/api';
import { notification } from '../../db/schema.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';

type Person = SignedIn & { userId: string };
const fields = (body: { error: { details?: { field: string }[] } }) =>
  [...new Set((body.error.details ?? []).map((detail) => detail.field))].sort();

describe.each(testBackends({ embedded: true }))('watchlist on %s', (backend) => {
  let ctx: TestContext;
  let streamer: Person;
  let viewer: Person;
  let other: Person;
  let open: string;
  let draft: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', '配信者');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者A');
    other = await signUpByEmail(ctx, 'other@example.com', 'audience', '視聴者B');
    const prize = (await createGoods(ctx, streamer)).id;
    const make = async (changes: Record<string, unknown>) => {
      const res = await callAs(ctx.app, streamer, 'POST', '/api/campaign', campaignBody(prize, changes));
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().id as string;
    };
    open = await make({ title: '夏祭り' });
    draft = await make({ title: '下書き', status: 'draft' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const notificationsOf = async (person: Person) =>
    NotificationList.parse(
      (await callAs(ctx.app, person, 'GET', `/api/notification?userId=${person.userId}`)).json(),
    );

  it('watches a campaign once, flips isWatch and tells the watcher and the streamer', async () => {
    const added = await callAs(ctx.app, viewer, 'POST', `/api/watchlist/${viewer.userId}`, {
      campaignId: open,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(WatchState.parse(added.json())).toEqual({ campaignId: open, isWatch: true, watchCount: 1 });
    const again = await callAs(ctx.app, viewer, 'POST', `/api/watchlist/${viewer.userId}`, {
      campaignId: open,
    });
    expect(again.json()).toEqual({ campaignId: open, isWatch: true, watchCount: 1 });

    const read = Campaign.parse((await callAs(ctx.app, viewer, 'GET', `/api/campaign/${open}`)).json());
    expect(read.isWatch).toBe(true);

    const mine = await notificationsOf(viewer);
    expect(mine.list.map((item) => [item.type, item.href, item.hrefId])).toEqual([
      ['watchlistRegistered', `/campaign/${open}`, open],
    ]);
    expect(mine.list[0]!.text).toContain('夏祭り');
    const theirs = await notificationsOf(streamer);
    expect(theirs.list.map((item) => item.type)).toEqual(['watchlistIncreased']);
    expect(theirs.list[0]!.text).toContain('視聴者A');
    expect(theirs.unreadCount).toBe(1);

    const second = await callAs(ctx.app, other, 'POST', `/api/watchlist/${other.userId}`, {
      campaignId: open,
    });
    expect(second.json().watchCount).toBe(2);
  });

  it('unwatches (idempotently) and the flag follows', async () => {
    const removed = await callAs(
      ctx.app,
      viewer,
      'DELETE',
      `/api/watchlist/${viewer.userId}?campaignId=${open}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ campaignId: open, isWatch: false, watchCount: 1 });
    const again = await callAs(
      ctx.app,
      viewer,
      'DELETE',
      `/api/watchlist/${viewer.userId}?campaignId=${open}`,
    );
    expect(again.json().isWatch).toBe(false);
    const read = Campaign.parse((await callAs(ctx.app, viewer, 'GET', `/api/campaign/${open}`)).json());
    expect(read.isWatch).toBe(false);
  });

  it('refuses acting for someone else, signed-out callers, streamers and bad input', async () => {
    const forOther = await callAs(ctx.app, viewer, 'POST', `/api/watchlist/${other.userId}`, {
      campaignId: open,
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().error.code).toBe('FORBIDDEN');
    const removeOther = await callAs(
      ctx.app,
      viewer,
      'DELETE',
      `/api/watchlist/${other.userId}?campaignId=${open}`,
    );
    expect(removeOther.statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, null, 'POST', `/api/watchlist/${viewer.userId}`, { campaignId: open }))
        .statusCode,
    ).toBe(401);
    expect(
      (await callAs(ctx.app, streamer, 'POST', `/api/watchlist/${streamer.userId}`, { campaignId: open }))
        .statusCode,
    ).toBe(403);
    const bad = await callAs(ctx.app, viewer, 'POST', `/api/watchlist/${viewer.userId}`, { campaignId: '' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['body.campaignId']);
    const noQuery = await callAs(ctx.app, viewer, 'DELETE', `/api/watchlist/${viewer.userId}`);
    expect(noQuery.statusCode).toBe(400);
    expect(fields(noQuery.json())).toEqual(['query.campaignId']);
  });

  it('does not let anyone watch a draft or a missing campaign, and writes no notification then', async () => {
    const before = await ctx.container.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, other.userId));
    for (const campaignId of [draft, '00000000-0000-4000-8000-000000000000']) {
      const res = await callAs(ctx.app, other, 'POST', `/api/watchlist/${other.userId}`, { campaignId });
      expect(res.statusCode).toBe(404);
    }
    const after = await ctx.container.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, other.userId));
    expect(after.length).toBe(before.length);
  });
});
