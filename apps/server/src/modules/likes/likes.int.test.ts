import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeState, NotificationList } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { insertDelivery, insertHeldClaim } from '../../test/audience-fixtures.ts';

type Person = SignedIn & { userId: string };

describe.each(testBackends({ embedded: true }))('likes on %s', (backend) => {
  let ctx: TestContext;
  let streamer: Person;
  let liker: Person;
  let holder: Person;
  let claimant: Person;
  let goods: { id: string; tokenId: string | null };
  let draftGoods: string;
  let campaignId: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', '配信者');
    liker = await signUpByEmail(ctx, 'liker@example.com', 'audience', 'いいね太郎');
    holder = await signUpByEmail(ctx, 'holder@example.com', 'audience', '持ち主');
    claimant = await signUpByEmail(ctx, 'claimant@example.com', 'audience', '保留さん');
    goods = await createGoods(ctx, streamer, { name: '金の花火' });
    draftGoods = (await createGoods(ctx, streamer, { publish: false })).id;
    const created = await callAs(ctx.app, streamer, 'POST', '/api/campaign', campaignBody(goods.id));
    campaignId = created.json().id;
    await insertDelivery(ctx, { goodsId: goods.id, tokenId: goods.tokenId!, userId: holder.userId });
    await insertDelivery(ctx, { goodsId: goods.id, tokenId: goods.tokenId!, userId: liker.userId });
    await insertHeldClaim(ctx, { goodsId: goods.id, tokenId: goods.tokenId!, userId: claimant.userId });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const notificationsOf = async (person: Person) =>
    NotificationList.parse(
      (await callAs(ctx.app, person, 'GET', `/api/notification?userId=${person.userId}`)).json(),
    );

  it('likes a campaign once and tells its streamer', async () => {
    expect((await callAs(ctx.app, null, 'GET', `/api/like/campaign/${campaignId}`)).json()).toEqual({
      targetKind: 'campaign',
      targetId: campaignId,
      likeCount: 0,
      isLiked: false,
    });
    const liked = await callAs(ctx.app, liker, 'POST', `/api/like/campaign/${campaignId}`);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(LikeState.parse(liked.json())).toMatchObject({ likeCount: 1, isLiked: true });
    await callAs(ctx.app, liker, 'POST', `/api/like/campaign/${campaignId}`);
    const theirs = await notificationsOf(streamer);
    expect(theirs.list.map((item) => [item.type, item.href])).toEqual([
      ['campaignLikeAdded', `/campaign/${campaignId}`],
    ]);
    expect(theirs.list[0]!.text).toBe('いいね太郎さんが「夏祭りプレゼント」にいいねしました');
    const unliked = await callAs(ctx.app, liker, 'DELETE', `/api/like/campaign/${campaignId}`);
    expect(unliked.json()).toMatchObject({ likeCount: 0, isLiked: false });
  });

  it('likes a token and tells the other people who hold it, not the liker', async () => {
    const liked = await callAs(ctx.app, liker, 'POST', `/api/like/token/${goods.id}`);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toMatchObject({ targetKind: 'token', likeCount: 1, isLiked: true });
    for (const person of [holder, claimant]) {
      const list = await notificationsOf(person);
      expect(list.list.map((item) => [item.type, item.href, item.hrefId])).toEqual([
        ['tokenLikeAdded', `/collection/${goods.id}`, goods.id],
      ]);
      expect(list.list[0]!.text).toContain('金の花火');
    }
    expect((await notificationsOf(liker)).list).toEqual([]);
    const view = await callAs(ctx.app, holder, 'GET', `/api/like/token/${goods.id}`);
    expect(view.json()).toMatchObject({ likeCount: 1, isLiked: false });
  });

  it('refuses signed-out and streamer callers, unknown kinds, drafts and missing targets', async () => {
    expect((await callAs(ctx.app, null, 'POST', `/api/like/token/${goods.id}`)).statusCode).toBe(401);
    expect((await callAs(ctx.app, streamer, 'POST', `/api/like/token/${goods.id}`)).statusCode).toBe(403);
    const badKind = await callAs(ctx.app, liker, 'POST', `/api/like/news/${goods.id}`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.details.map((d: { field: string }) => d.field)).toEqual(['params.kind']);
    expect((await callAs(ctx.app, liker, 'POST', `/api/like/token/${draftGoods}`)).statusCode).toBe(404);
    expect(
      (await callAs(ctx.app, liker, 'POST', '/api/like/campaign/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await callAs(ctx.app, null, 'GET', `/api/like/token/${draftGoods}`)).statusCode).toBe(404);
  });
});
