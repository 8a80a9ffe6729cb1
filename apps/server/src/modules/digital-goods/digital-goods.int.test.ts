import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigitalGoods, DigitalGoodsList } from '@hanabi/api';
import { chainToken } from '../../db/schema.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import {
  campaignBody,
  createGoods,
  mp4Bytes,
  uploadedImage,
  uploadSmall,
} from '../../test/goods-fixtures.ts';

type Person = SignedIn & { userId: string };

describe.each(testBackends({ embedded: true }))('digital goods on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let viewer: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'ボブ');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者');
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

  it('creates, reads, lists and edits your own goods', async () => {
    const image = await uploadedImage(ctx, alice);
    const animation = (await uploadSmall(ctx, alice, 'digitalgoods', mp4Bytes(), 'anim.mp4')).json().id;
    const created = await call(alice, 'POST', '/api/digitalgoods', {
      name: '  限定ステッカー ',
      description: '夏の配信記念',
      imageAssetId: image,
      animationAssetId: animation,
      supply: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const goods = DigitalGoods.parse(created.json());
    expect(goods).toMatchObject({
      userId: alice.userId,
      name: '限定ステッカー',
      status: 'draft',
      hidden: false,
      supply: 50,
      reserved: 0,
      remaining: 50,
      tokenId: null,
      imageCid: null,
      metadataCid: null,
      tokenUri: null,
      image: { id: image, mediaType: 'image/png', fileExtention: 'png' },
      animation: { id: animation, mediaType: 'video/mp4' },
    });
    expect(goods.image!.url).toContain('/files/digitalgoods/');

    const read = await call(alice, 'GET', `/api/digitalgoods/${goods.id}`);
    expect(read.json()).toEqual(goods);
    const edited = await call(alice, 'PUT', `/api/digitalgoods/${goods.id}`, {
      description: '改',
      supply: 60,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ description: '改', supply: 60, name: '限定ステッカー' });

    const list = DigitalGoodsList.parse((await call(alice, 'GET', '/api/digitalgoods')).json());
    expect(list.list.map((item) => item.id)).toContain(goods.id);
    expect((await call(bob, 'GET', '/api/digitalgoods')).json().list).toEqual([]);
  });

  it('keeps goods private to their streamer: 404 for other streamers, 403 for the audience, 401 signed out', async () => {
    const goods = await createGoods(ctx, alice, { publish: false });
    for (const [method, url, payload] of [
      ['GET', `/api/digitalgoods/${goods.id}`],
      ['PUT', `/api/digitalgoods/${goods.id}`, { name: 'mine now' }],
      ['DELETE', `/api/digitalgoods/${goods.id}`],
      ['POST', `/api/digitalgoods/${goods.id}/publish`],
    ] as const) {
      expect((await call(bob, method, url, payload)).statusCode, `${method} ${url} as bob`).toBe(404);
      expect((await call(viewer, method, url, payload)).statusCode, `${method} ${url} as viewer`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect((await call(viewer, 'GET', '/api/digitalgoods')).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/api/digitalgoods', { name: 'x', supply: 1 })).statusCode).toBe(403);
  });

  it('names the failing fields of bad input (400) and refuses others’ or wrong files (422)', async () => {
    const cases: [object, string[]][] = [
      [{}, ['body.name', 'body.supply']],
      [{ name: '', supply: 1 }, ['body.name']],
      [{ name: 'x', supply: 0 }, ['body.supply']],
      [{ name: 'x', supply: 1.5 }, ['body.supply']],
      [{ name: 'x'.repeat(101), supply: 1_000_001 }, ['body.name', 'body.supply']],
      [{ name: 'x', supply: 1, hidden: 'yes' }, ['body.hidden']],
    ];
    for (const [payload, fields] of cases) {
      const res = await call(alice, 'POST', '/api/digitalgoods', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res
          .json()
          .error.details.map((detail: { field: string }) => detail.field)
          .sort(),
      ).toEqual(fields);
    }
    const bobsImage = await uploadedImage(ctx, bob);
    const foreign = await call(alice, 'POST', '/api/digitalgoods', {
      name: 'x',
      supply: 1,
      imageAssetId: bobsImage,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.details[0].field).toBe('body.imageAssetId');
    const campaignImage = await uploadedImage(ctx, alice, 'campaign');
    expect(
      (await call(alice, 'POST', '/api/digitalgoods', { name: 'x', supply: 1, imageAssetId: campaignImage }))
        .statusCode,
    ).toBe(422);
    const video = (await uploadSmall(ctx, alice, 'digitalgoods', mp4Bytes(), 'v.mp4')).json().id;
    const notImage = await call(alice, 'POST', '/api/digitalgoods', {
      name: 'x',
      supply: 1,
      imageAssetId: video,
    });
    expect(notImage.statusCode).toBe(422);
    expect(
      (await call(alice, 'PUT', `/api/digitalgoods/00000000-0000-4000-8000-000000000000`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call(alice, 'PUT', `/api/digitalgoods/${'none'}`, {})).statusCode).toBe(400);
  });

  it('publishes idempotently with sequential, unique token ids above the ones already minted', async () => {
    await ctx.container.database.db.insert(chainToken).values({ tokenId: '41' });
    const first = await createGoods(ctx, alice, { publish: false });
    const second = await createGoods(ctx, bob, { publish: false });
    const published = await call(alice, 'POST', `/api/digitalgoods/${first.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', tokenId: '42' });
    expect(published.json().publishedAt).toEqual(expect.any(String));
    const again = await call(alice, 'POST', `/api/digitalgoods/${first.id}/publish`);
    expect(again.json()).toEqual(published.json());
    const other = await call(bob, 'POST', `/api/digitalgoods/${second.id}/publish`);
    expect(other.json().tokenId).toBe('43');

    const noImage = await call(alice, 'POST', '/api/digitalgoods', { name: 'no picture', supply: 5 });
    const refused = await call(alice, 'POST', `/api/digitalgoods/${noImage.json().id}/publish`);
    expect(refused.statusCode).toBe(422);
  });

  it('never deletes published goods (hide them instead) and keeps their details fixed', async () => {
    const goods = await createGoods(ctx, alice, { supply: 10 });
    const deleted = await call(alice, 'DELETE', `/api/digitalgoods/${goods.id}`);
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().error.message).toContain('hide');
    const renamed = await call(alice, 'PUT', `/api/digitalgoods/${goods.id}`, { name: 'renamed' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error.details).toEqual([{ field: 'body.name', message: expect.any(String) }]);
    expect((await call(alice, 'PUT', `/api/digitalgoods/${goods.id}`, { supply: 5 })).statusCode).toBe(422);
    const hidden = await call(alice, 'PUT', `/api/digitalgoods/${goods.id}`, { hidden: true, supply: 20 });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, supply: 20 });
    const visible = await call(alice, 'GET', '/api/digitalgoods?includeHidden=false');
    expect(visible.json().list.map((item: { id: string }) => item.id)).not.toContain(goods.id);
  });

  it('deletes drafts unless a campaign uses them, and counts what campaigns reserve', async () => {
    const draft = await createGoods(ctx, alice, { publish: false, supply: 10 });
    const campaign = await call(
      alice,
      'POST',
      '/api/campaign',
      campaignBody(draft.id, { status: 'draft', winnerCount: 4 }),
    );
    expect(campaign.statusCode, campaign.body).toBe(201);
    const goods = await call(alice, 'GET', `/api/digitalgoods/${draft.id}`);
    expect(goods.json()).toMatchObject({ reserved: 4, remaining: 6 });
    expect((await call(alice, 'PUT', `/api/digitalgoods/${draft.id}`, { supply: 3 })).statusCode).toBe(422);
    expect((await call(alice, 'DELETE', `/api/digitalgoods/${draft.id}`)).statusCode).toBe(422);
    expect((await call(alice, 'DELETE', `/api/campaign/${campaign.json().id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/api/digitalgoods/${draft.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/digitalgoods/${draft.id}`)).statusCode).toBe(404);
  });

  it('pages through your goods without gaps or repeats', async () => {
    const mine = new Set<string>();
    for (let index = 0; index < 5; index += 1) mine.add((await createGoods(ctx, bob, { publish: false })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(bob, 'GET', `/api/digitalgoods?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      const body = DigitalGoodsList.parse(page.json());
      expect(body.list.length).toBeLessThanOrEqual(2);
      seen.push(...body.list.map((item) => item.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of mine) expect(seen).toContain(id);
    expect((await call(bob, 'GET', '/api/digitalgoods?cursor=garbage')).statusCode).toBe(400);
  });

  it('creates once per Idempotency-Key (Back + submit on the form): the same goods, never a second', async () => {
    const post = (person: Person, body: object, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/digitalgoods',
        headers: { ...bearerHeaders(person.token), 'idempotency-key': key },
        payload: body as Record<string, unknown>,
      });
    const mine = async () =>
      DigitalGoodsList.parse((await call(alice, 'GET', '/api/digitalgoods?limit=100')).json()).list.length;
    const before = await mine();
    const body = { name: '一度だけ', supply: 3 };
    const first = await post(alice, body, 'goods-form-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(alice, body, 'goods-form-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(DigitalGoods.parse(again.json()).id).toBe(DigitalGoods.parse(first.json()).id);
    expect(await mine()).toBe(before + 1);
    // The same key with another body is refused; another streamer's same key is their own request.
    expect((await post(alice, { ...body, name: '別のもの' }, 'goods-form-1')).statusCode).toBe(422);
    const bobs = await post(bob, body, 'goods-form-1');
    expect(bobs.statusCode, bobs.body).toBe(201);
    expect(DigitalGoods.parse(bobs.json()).userId).toBe(bob.userId);
    expect(await mine()).toBe(before + 1);
    // A bad key is a 400 naming the header.
    const bad = await post(alice, body, 'x'.repeat(201));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('headers.idempotency-key');
  });
});
