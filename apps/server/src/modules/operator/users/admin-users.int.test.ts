import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../../db/schema.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../../test/test-context.ts';
import { insertCampaign, insertDelivery, insertGoods, insertUser } from '../../../test/analytics.fixture.ts';
import { linkAccount } from '../../../test/platform-identity.fixture.ts';

type Person = SignedIn & { userId: string };
const HOUR = 3_600_000;

describe.each(testBackends({ embedded: true }))('operator user tools (%s)', (backend) => {
  let ctx: TestContext;
  let boss: Person;
  let streamer: Person;
  let fan: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', 'Sakura Live');
    fan = await signUpByEmail(ctx, 'fan@example.com', 'audience', 'Fan');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (query = '', as: SignedIn = boss) => {
    const res = await callAs(ctx.app, as, 'GET', `/api/admin/user${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: { id: string; name: string }[]; nextCursor: string | null };
  };

  it('answers 401 signed out and 403 to streamers and audience members on every call', async () => {
    const calls: [method: 'GET' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/admin/user'],
      ['GET', `/api/admin/user/${fan.userId}`],
      ['PUT', `/api/admin/user/${fan.userId}/role`, { role: 'operator' }],
      ['PUT', `/api/admin/user/${fan.userId}/suspension`, { suspended: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await callAs(ctx.app, null, method, url, body)).statusCode, url).toBe(401);
      for (const person of [streamer, fan]) {
        const res = await callAs(ctx.app, person, method, url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
  });

  it('names bad input (400) and answers 404 for unknown users', async () => {
    const bad = await callAs(ctx.app, boss, 'GET', '/api/admin/user?limit=0&type=robot&hasWallet=maybe');
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error.details as { field: string }[]).map((detail) => detail.field).sort();
    expect(fields).toEqual(['query.hasWallet', 'query.limit', 'query.type']);
    const role = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${fan.userId}/role`, { role: 'admin' });
    expect(role.json().error.details[0].field).toBe('body.role');
    expect(
      (await callAs(ctx.app, boss, 'GET', '/api/admin/user/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const missing = await callAs(
      ctx.app,
      boss,
      'PUT',
      '/api/admin/user/00000000-0000-4000-8000-000000000000/suspension',
      {
        suspended: true,
      },
    );
    expect(missing.statusCode).toBe(404);
    expect((await callAs(ctx.app, boss, 'GET', '/api/admin/user?cursor=zzz')).statusCode).toBe(400);
  });

  it('searches by name, e-mail and platform ids, and filters', async () => {
    const db = ctx.container.database.db;
    await db
      .update(appUser)
      .set({ walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' })
      .where(eq(appUser.id, streamer.userId));
    await linkAccount(db, streamer.userId, 'youtube', 'UC_sakura_channel');
    await linkAccount(db, fan.userId, 'twitcasting', 'tc_fan_42');

    expect((await list('?q=sakura')).list.map((user) => user.id)).toEqual([streamer.userId]);
    expect((await list('?q=UC_SAKURA')).list.map((user) => user.id)).toEqual([streamer.userId]);
    expect((await list('?q=fan%40example')).list.map((user) => user.id)).toEqual([fan.userId]);
    expect((await list('?q=tc_fan')).list.map((user) => user.id)).toEqual([fan.userId]);
    expect((await list('?q=%25')).list).toEqual([]);

    const ids = async (query: string) => (await list(query)).list.map((user) => user.id).sort();
    expect(await ids('?type=audience')).toEqual([fan.userId]);
    expect(await ids('?role=operator')).toEqual([boss.userId]);
    expect(await ids('?platform=youtube')).toEqual([streamer.userId]);
    expect(await ids('?platform=twitcasting')).toEqual([fan.userId]);
    expect(await ids('?platform=none')).toEqual([boss.userId]);
    expect(await ids('?hasWallet=true')).toEqual([streamer.userId]);
    expect(await ids('?hasWallet=false&type=streamer')).toEqual([boss.userId]);
    expect(await ids('?suspended=true')).toEqual([]);

    const one = (await list(`?q=boss`)).list[0];
    expect(one).toEqual({
      id: boss.userId,
      type: 'streamer',
      role: 'operator',
      name: 'Boss',
      avatarUrl: '/assets/images/avatar.svg',
      email: 'boss@example.com',
      walletAddress: null,
      youtubeChannelId: null,
      youtubeTitle: null,
      twitcastingUserId: null,
      twitcastingScreenId: null,
      twitcastingName: null,
      suspendedAt: null,
      createdAt: expect.any(String),
    });
  });

  it('pages newest first without gaps or repeats, also for users created in the same millisecond', async () => {
    const db = ctx.container.database.db;
    const same = new Date(Date.now() - 5 * HOUR);
    for (let i = 0; i < 9; i += 1) {
      await insertUser(db, { type: 'audience', name: `paged ${i}`, createdAt: i < 5 ? same : new Date() });
    }
    const all = (await list('?limit=200')).list.map((user) => user.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.list.map((user) => user.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(all.length);
  });

  it("shows a user's campaigns, goods and received deliveries", async () => {
    const db = ctx.container.database.db;
    const goodsId = await insertGoods(db, streamer.userId, { name: 'Sticker' });
    const campaignId = await insertCampaign(db, {
      streamerId: streamer.userId,
      goodsId,
      status: 'live',
      title: 'Summer',
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    });
    await insertDelivery(db, {
      status: 'confirmed',
      createdAt: new Date(),
      recipientUserId: fan.userId,
      campaignId,
    });
    await insertDelivery(db, { status: 'failed', createdAt: new Date(), recipientUserId: fan.userId });

    const detail = (await callAs(ctx.app, boss, 'GET', `/api/admin/user/${streamer.userId}`)).json();
    expect(detail.user).toMatchObject({ id: streamer.userId, name: 'Sakura Live', bio: '', locale: 'ja' });
    expect(detail.campaigns).toMatchObject({
      total: 1,
      list: [{ id: campaignId, title: 'Summer', status: 'live' }],
    });
    expect(detail.goods).toMatchObject({
      total: 1,
      list: [{ id: goodsId, name: 'Sticker', status: 'draft' }],
    });
    expect(detail.deliveries).toEqual({ total: 0, list: [] });

    const received = (await callAs(ctx.app, boss, 'GET', `/api/admin/user/${fan.userId}`)).json();
    expect(received.deliveries.total).toBe(2);
    expect(received.deliveries.list.map((item: { status: string }) => item.status).sort()).toEqual([
      'confirmed',
      'failed',
    ]);
  });

  it('grants and revokes the operator role, never your own', async () => {
    const self = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${boss.userId}/role`, { role: 'user' });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.code).toBe('BUSINESS_RULE');

    const granted = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${fan.userId}/role`, {
      role: 'operator',
    });
    expect(granted.json()).toMatchObject({ id: fan.userId, role: 'operator' });
    expect((await callAs(ctx.app, fan, 'GET', '/api/admin/user')).statusCode).toBe(200);
    const revoked = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${fan.userId}/role`, {
      role: 'user',
    });
    expect(revoked.json().role).toBe('user');
    expect((await callAs(ctx.app, fan, 'GET', '/api/admin/user')).statusCode).toBe(403);
  });

  it('suspends: the user is refused with ACCOUNT_SUSPENDED and their campaigns leave public lists', async () => {
    const self = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${boss.userId}/suspension`, {
      suspended: true,
    });
    expect(self.statusCode).toBe(422);

    const publicIds = async () =>
      (await callAs(ctx.app, null, 'GET', `/api/campaign?streamerId=${streamer.userId}`)).json().list;
    expect(await publicIds()).toHaveLength(1);

    const suspended = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${streamer.userId}/suspension`, {
      suspended: true,
    });
    expect(suspended.statusCode).toBe(200);
    const at = suspended.json().suspendedAt as string;
    expect(at).toEqual(expect.any(String));
    // Suspending again keeps the first time.
    const again = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${streamer.userId}/suspension`, {
      suspended: true,
    });
    expect(again.json().suspendedAt).toBe(at);

    const refused = await callAs(ctx.app, streamer, 'POST', '/api/signin', { userType: 'streamer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect((await callAs(ctx.app, streamer, 'GET', '/api/myAccountBase')).json().error.code).toBe(
      'ACCOUNT_SUSPENDED',
    );
    expect(await publicIds()).toEqual([]);
    expect((await list('?suspended=true')).list.map((user) => user.id)).toEqual([streamer.userId]);

    const back = await callAs(ctx.app, boss, 'PUT', `/api/admin/user/${streamer.userId}/suspension`, {
      suspended: false,
    });
    expect(back.json().suspendedAt).toBeNull();
    expect((await callAs(ctx.app, streamer, 'GET', '/api/myAccountBase')).statusCode).toBe(200);
    expect(await publicIds()).toHaveLength(1);
  });
});
