import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignList } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';

type Person = SignedIn & { userId: string };
const HOUR = 60 * 60 * 1000;

/** Decisions 0070 and 0073: default start now, "start now", and create once per Idempotency-Key. */
describe.each(testBackends())('campaign start and idempotent create on %s', (backend) => {
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
    prize = (await createGoods(ctx, alice, { supply: 5 })).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (person: Person, body: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: { ...bearerHeaders(person.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });
  const mine = async () =>
    CampaignList.parse((await callAs(ctx.app, alice, 'GET', '/api/campaign?type=streamer&limit=100')).json())
      .list;

  it('starts now when no start is given: published, it is live at once', async () => {
    const { startsAt: _omitted, ...body } = campaignBody(prize, { winnerCount: 1 });
    const before = Date.now();
    const res = await post(alice, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = Campaign.parse(res.json());
    expect(created.status).toBe('live');
    expect(new Date(created.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(created.startsAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('creates once per Idempotency-Key: a repeat answers the same campaign and reserves no more stock', async () => {
    const count = (await mine()).length;
    // 4 of the 5 copies are left after the first test; this one takes all of them.
    const body = campaignBody(prize, { winnerCount: 4 });
    const first = await post(alice, body, 'form-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(alice, body, 'form-key-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(Campaign.parse(again.json()).id).toBe(Campaign.parse(first.json()).id);
    expect((await mine()).length).toBe(count + 1);
    // Without the key, the rules see the stock the first one reserved.
    const fresh = await post(alice, body, 'form-key-2');
    expect(fresh.statusCode).toBe(422);
    // The same key with another body is refused.
    const other = await post(alice, { ...body, title: 'Other' }, 'form-key-1');
    expect(other.statusCode).toBe(422);
    expect((await mine()).length).toBe(count + 1);
  });

  it('keys are per streamer: the same key from another streamer is a different request', async () => {
    const goods = (await createGoods(ctx, bob, { supply: 5 })).id;
    const res = await post(bob, campaignBody(goods, { winnerCount: 1 }), 'form-key-1');
    expect(res.statusCode, res.body).toBe(201);
    expect(Campaign.parse(res.json()).userId).toBe(bob.userId);
  });

  it('"start now" makes a scheduled campaign live through the update path; only its streamer may', async () => {
    const goods = (await createGoods(ctx, alice, { supply: 5 })).id;
    const scheduled = Campaign.parse(
      (
        await post(
          alice,
          campaignBody(goods, { winnerCount: 1, startsAt: new Date(Date.now() + HOUR).toISOString() }),
        )
      ).json(),
    );
    expect(scheduled.status).toBe('scheduled');
    const url = `/api/campaign/${scheduled.id}/start`;
    expect((await callAs(ctx.app, null, 'POST', url)).statusCode).toBe(401);
    expect((await callAs(ctx.app, viewer, 'POST', url)).statusCode).toBe(403);
    expect((await callAs(ctx.app, bob, 'POST', url)).statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, alice, 'POST', '/api/campaign/00000000-0000-4000-8000-000000000000/start'))
        .statusCode,
    ).toBe(404);
    const started = await callAs(ctx.app, alice, 'POST', url);
    expect(started.statusCode, started.body).toBe(200);
    const body = Campaign.parse(started.json());
    expect(body.status).toBe('live');
    expect(new Date(body.startsAt).getTime()).toBeLessThanOrEqual(Date.now());
    const twice = await callAs(ctx.app, alice, 'POST', url);
    expect(twice.statusCode).toBe(422);

    const draft = Campaign.parse(
      (await post(alice, campaignBody(goods, { winnerCount: 1, status: 'draft' }))).json(),
    );
    expect((await callAs(ctx.app, alice, 'POST', `/api/campaign/${draft.id}/start`)).statusCode).toBe(422);
  });
});
