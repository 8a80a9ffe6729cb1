import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignList } from '@hanabi/api';
import { appUser, campaign, watch } from '../../db/schema.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods, uploadedImage } from '../../test/goods-fixtures.ts';
import { campaignStatusJob } from './campaign.jobs.ts';

type Person = SignedIn & { userId: string };
const HOUR = 60 * 60 * 1000;
const fields = (body: { error: { details?: { field: string }[] } }) =>
  [...new Set((body.error.details ?? []).map((detail) => detail.field))].sort();

describe.each(testBackends({ embedded: true }))('campaigns on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let viewer: Person;
  let prize: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'ボブ');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者');
    prize = (await createGoods(ctx, alice, { supply: 1000 })).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const call = (
    person: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callAs(ctx.app, person, method, url, payload);
  const create = async (person: Person, changes: Record<string, unknown> = {}, goodsId = prize) => {
    const res = await call(person, 'POST', '/api/campaign', campaignBody(goodsId, changes));
    if (res.statusCode !== 201) throw new Error(`campaign failed: ${res.body}`);
    return Campaign.parse(res.json());
  };

  it('creates a campaign with the streamer’s summary, its prize and its rules', async () => {
    const cover = await uploadedImage(ctx, alice, 'campaign');
    const created = await call(
      alice,
      'POST',
      '/api/campaign',
      campaignBody(prize, {
        coverImageAssetId: cover,
        entryRule: { keyword: '#花火', membersOnly: true, cooldownDays: 7 },
        drawMode: { type: 'everyNMinutes', minutes: 15 },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = Campaign.parse(created.json());
    expect(body).toMatchObject({
      userId: alice.userId,
      user: {
        id: alice.userId,
        name: 'アリス',
        avatarUrl: '/assets/images/avatar.svg',
        youtubeChannelId: null,
      },
      title: '夏祭りプレゼント',
      status: 'scheduled',
      platforms: ['youtube', 'twitcasting'],
      prize: { digitalGoodsId: prize, copiesPerWinner: 1, digitalGoods: { id: prize, status: 'published' } },
      winnerCount: 3,
      entryRule: {
        keyword: '#花火',
        onePerPerson: true,
        membersOnly: true,
        excludeModerators: true,
        windowStart: null,
        windowEnd: null,
        cooldownDays: 7,
      },
      drawMode: { type: 'everyNMinutes', minutes: 15 },
      coverImage: { id: cover, mediaType: 'image/png' },
      isWatch: false,
    });
    // Public: anyone reads it, signed out too.
    const read = await call(null, 'GET', `/api/campaign/${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it('shows drafts only to their streamer, and lets only the owner change a campaign', async () => {
    const draft = await create(alice, { status: 'draft' });
    const open = await create(alice);
    expect((await call(alice, 'GET', `/api/campaign/${draft.id}`)).statusCode).toBe(200);
    for (const person of [bob, viewer, null]) {
      expect((await call(person, 'GET', `/api/campaign/${draft.id}`)).statusCode).toBe(404);
    }
    // Another streamer: what they cannot see is 404, what they can see but do not own is 403.
    expect((await call(bob, 'PUT', `/api/campaign/${draft.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/campaign/${draft.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/api/campaign/${open.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await call(bob, 'DELETE', `/api/campaign/${open.id}`)).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', `/api/campaign/${open.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/api/campaign', campaignBody(prize))).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/campaign', campaignBody(prize))).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `/api/campaign/${open.id}`)).statusCode).toBe(401);

    const edited = await call(alice, 'PUT', `/api/campaign/${draft.id}`, {
      title: '新しい題',
      status: 'scheduled',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: '新しい題',
      status: 'scheduled',
      description: 'コメントで参加！',
    });
    expect((await call(alice, 'DELETE', `/api/campaign/${draft.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/campaign/${draft.id}`)).statusCode).toBe(404);
  });

  it('names the failing fields of bad input (400)', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ title: '' }, ['body.title']],
      [{ startsAt: 'tomorrow' }, ['body.startsAt']],
      [{ platforms: [] }, ['body.platforms']],
      [{ platforms: ['youtube', 'youtube'] }, ['body.platforms']],
      [{ platforms: ['niconico'] }, ['body.platforms.0']],
      [
        { winnerCount: 0, prize: { digitalGoodsId: prize, copiesPerWinner: 0 } },
        ['body.prize.copiesPerWinner', 'body.winnerCount'],
      ],
      [{ drawMode: { type: 'everyNMinutes' } }, ['body.drawMode.minutes']],
      [{ status: 'live' }, ['body.status']],
      [
        { entryRule: { keyword: 'x'.repeat(201), cooldownDays: -1 } },
        ['body.entryRule.cooldownDays', 'body.entryRule.keyword'],
      ],
    ];
    for (const [changes, expected] of cases) {
      const res = await call(alice, 'POST', '/api/campaign', campaignBody(prize, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(fields(res.json()), JSON.stringify(changes)).toEqual(expected);
    }
    const list = await call(alice, 'GET', '/api/campaign?limit=1001&sort=random');
    expect(list.statusCode).toBe(400);
    expect(fields(list.json())).toEqual(['query.limit', 'query.sort']);
  });

  it('applies the business rules (422) with the field to fix', async () => {
    const now = Date.now();
    const draftGoods = await createGoods(ctx, alice, { publish: false, supply: 5 });
    const bobsGoods = await createGoods(ctx, bob, { supply: 5 });
    const small = await createGoods(ctx, alice, { supply: 5 });
    const cases: [Record<string, unknown>, string[], string?][] = [
      [{ endsAt: new Date(now + 12 * HOUR).toISOString() }, ['body.endsAt']],
      [
        {
          startsAt: new Date(now - 48 * HOUR).toISOString(),
          endsAt: new Date(now - 24 * HOUR).toISOString(),
        },
        ['body.endsAt'],
      ],
      [{ entryRule: { keyword: 'あ'.repeat(141) } }, ['body.entryRule.keyword']],
      [{ entryRule: { membersOnly: true }, platforms: ['twitcasting'] }, ['body.entryRule.membersOnly']],
      [{}, ['body.prize.digitalGoodsId'], draftGoods.id],
      [{}, ['body.prize.digitalGoodsId'], bobsGoods.id],
      [{}, ['body.prize.digitalGoodsId'], '00000000-0000-4000-8000-000000000000'],
      [{ winnerCount: 3, prize: { digitalGoodsId: small.id, copiesPerWinner: 2 } }, ['body.winnerCount']],
    ];
    for (const [changes, expected, goodsId] of cases) {
      const res = await call(alice, 'POST', '/api/campaign', campaignBody(goodsId ?? prize, changes));
      expect(res.statusCode, `${JSON.stringify(changes)} ${goodsId}`).toBe(422);
      expect(res.json().error.code).toBe('BUSINESS_RULE');
      expect(fields(res.json()), JSON.stringify(changes)).toEqual(expected);
    }
    // A keyword of 141 characters is fine on YouTube alone; a draft may use unpublished goods.
    expect(
      (
        await call(
          alice,
          'POST',
          '/api/campaign',
          campaignBody(prize, { platforms: ['youtube'], entryRule: { keyword: 'あ'.repeat(141) } }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await call(alice, 'POST', '/api/campaign', campaignBody(draftGoods.id, { status: 'draft' })))
        .statusCode,
    ).toBe(201);
    // Supply counts what other campaigns promise.
    await create(alice, { winnerCount: 4, prize: { digitalGoodsId: small.id, copiesPerWinner: 1 } });
    const over = await call(alice, 'POST', '/api/campaign', campaignBody(small.id, { winnerCount: 2 }));
    expect(over.statusCode).toBe(422);
    expect(over.json().error.details[0].message).toContain('only 1 of 5');
  });

  it('moves campaigns along by time, and keeps ended ones read-only', async () => {
    const now = Date.now();
    const live = await create(alice, { startsAt: new Date(now - HOUR).toISOString() });
    expect(live.status).toBe('live');
    const soon = await create(alice);
    const { db } = ctx.container.database;
    await db
      .update(campaign)
      .set({ startsAt: new Date(now - 3 * HOUR), endsAt: new Date(now - 2 * HOUR) })
      .where(eq(campaign.id, soon.id));
    const job = campaignStatusJob(ctx.container.repositories.campaigns, '* * * * *');
    expect(await job.handler({}, { jobId: 'test', log: ctx.container.log })).toMatchObject({ changed: 1 });
    expect((await call(null, 'GET', `/api/campaign/${soon.id}`)).json().status).toBe('ended');

    const change = await call(alice, 'PUT', `/api/campaign/${soon.id}`, { title: 'late edit' });
    expect(change.statusCode).toBe(422);
    expect(change.json().error.message).toContain('read-only');
    expect((await call(alice, 'DELETE', `/api/campaign/${soon.id}`)).statusCode).toBe(422);
    expect((await call(alice, 'DELETE', `/api/campaign/${live.id}`)).statusCode).toBe(422);
    expect((await call(alice, 'PUT', `/api/campaign/${live.id}`, { status: 'draft' })).statusCode).toBe(422);
    const liveEdit = await call(alice, 'PUT', `/api/campaign/${live.id}`, { description: '延長戦' });
    expect(liveEdit.json()).toMatchObject({ status: 'live', description: '延長戦' });
  });

  it('lists your own campaigns (every status) and the public ones, with isWatch', async () => {
    const carol = await signUpByEmail(ctx, 'carol@example.com', 'streamer', 'キャロル');
    const carolsPrize = (await createGoods(ctx, carol, { supply: 100 })).id;
    const draft = await create(carol, { status: 'draft', title: 'carol draft' }, carolsPrize);
    const open = await create(carol, { title: 'carol open', platforms: ['twitcasting'] }, carolsPrize);

    const own = CampaignList.parse((await call(carol, 'GET', '/api/campaign?type=streamer')).json());
    expect(own.list.map((item) => item.id).sort()).toEqual([draft.id, open.id].sort());
    expect((await call(null, 'GET', '/api/campaign?type=streamer')).statusCode).toBe(401);
    expect((await call(viewer, 'GET', '/api/campaign?type=streamer')).statusCode).toBe(403);

    await ctx.container.database.db.insert(watch).values({ userId: viewer.userId, campaignId: open.id });
    const publicList = CampaignList.parse(
      (await call(viewer, 'GET', `/api/campaign?type=audience&streamerId=${carol.userId}`)).json(),
    );
    expect(publicList.list.map((item) => [item.id, item.isWatch])).toEqual([[open.id, true]]);
    const signedOut = CampaignList.parse(
      (await call(null, 'GET', `/api/campaign?streamerId=${carol.userId}`)).json(),
    );
    expect(signedOut.list.map((item) => [item.id, item.isWatch])).toEqual([[open.id, false]]);

    const byPlatform = CampaignList.parse(
      (await call(null, 'GET', '/api/campaign?platform=twitcasting&limit=1000')).json(),
    );
    expect(byPlatform.list.every((item) => item.platforms.includes('twitcasting'))).toBe(true);
    expect(byPlatform.list.map((item) => item.id)).toContain(open.id);
    const byText = CampaignList.parse(
      (await call(null, 'GET', `/api/campaign?q=${encodeURIComponent('carol O')}`)).json(),
    );
    expect(byText.list.map((item) => item.id)).toEqual([open.id]);
    const percent = CampaignList.parse((await call(null, 'GET', '/api/campaign?q=%25')).json());
    expect(percent.list).toEqual([]);
    const byStatus = CampaignList.parse(
      (await call(null, 'GET', '/api/campaign?status=live,ended&limit=1000')).json(),
    );
    expect(byStatus.list.every((item) => ['live', 'ended'].includes(item.status))).toBe(true);

    // A suspended streamer's campaigns leave the public list and pages.
    await ctx.container.database.db
      .update(appUser)
      .set({ suspendedAt: new Date() })
      .where(eq(appUser.id, carol.userId));
    expect((await call(null, 'GET', `/api/campaign?streamerId=${carol.userId}`)).json().list).toEqual([]);
    expect((await call(null, 'GET', `/api/campaign/${open.id}`)).statusCode).toBe(404);
  });

  it('pages through every public campaign without gaps or repeats, in each sort', async () => {
    for (let index = 0; index < 4; index += 1) {
      await create(
        bob,
        { title: `bob ${index}`, endsAt: new Date(Date.now() + (30 + index) * HOUR).toISOString() },
        (await createGoods(ctx, bob)).id,
      );
    }
    for (const sort of ['newest', 'endingSoon', 'startingSoon']) {
      const all = CampaignList.parse(
        (await call(null, 'GET', `/api/campaign?sort=${sort}&limit=1000`)).json(),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await call(
          null,
          'GET',
          `/api/campaign?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.statusCode, page.body).toBe(200);
        const body = CampaignList.parse(page.json());
        seen.push(...body.list.map((item) => item.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(all.list.map((item) => item.id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(all.list.some((item) => item.status === 'draft')).toBe(false);
    }
    const ending = CampaignList.parse(
      (await call(null, 'GET', '/api/campaign?sort=endingSoon&limit=1000')).json(),
    );
    const ends = ending.list.map((item) => item.endsAt);
    expect(ends).toEqual([...ends].sort());
  });
});
