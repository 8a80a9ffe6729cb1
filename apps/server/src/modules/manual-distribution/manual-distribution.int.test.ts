import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appUser, delivery, heldClaim, manualDistribution, notification } from '../../db/schema.ts';
import { callAs, signUpByEmail } from '../../test/auth-helpers.ts';
import { createGoods } from '../../test/goods-fixtures.ts';
import { testBackends } from '../../test/test-context.ts';
import { setWalletWithProof, testWallet } from '../../test/wallet-helpers.ts';
import { openDeliveryWorld, randomAddress, type DeliveryWorld } from '../../test/delivery.fixture.ts';
import { linkAccount } from '../../test/platform-identity.fixture.ts';

const YOUTUBE_CHANNEL = 'UCabcdefghijklmnopqrstuv';

describe.each(testBackends({ embedded: true }))('manual distribution (%s)', (backend) => {
  let world: DeliveryWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  const db = () => world!.ctx.container.database.db;
  const count = async (table: typeof delivery | typeof heldClaim | typeof manualDistribution) =>
    (await db().select().from(table)).length;

  it('previews who gets what: deliver, hold, duplicate, invalid, and the supply left', async () => {
    world = await openDeliveryWorld(backend, { supply: 10 });
    const fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'ファン');
    const wallet = randomAddress();
    const response = await callAs(world.ctx.app, world.streamer, 'POST', '/api/manual-distribution/preview', {
      digitalGoodsId: world.goods.id,
      distributionList: [
        { recipient: wallet, amount: 2 },
        { recipient: fan.userId },
        { recipient: YOUTUBE_CHANNEL },
        { recipient: 'twitcasting:182224938' },
        { recipient: wallet.toLowerCase() },
        { recipient: 'not-a-recipient' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'deliver',
      'hold',
      'hold',
      'hold',
      'duplicate',
      'invalid',
    ]);
    expect(preview.rows[1]).toMatchObject({ kind: 'user', userId: fan.userId, userName: 'ファン' });
    expect(preview.rows[4].duplicateOf).toBe(0);
    expect(preview).toMatchObject({
      deliverCount: 1,
      holdCount: 3,
      duplicateCount: 1,
      invalidCount: 1,
      totalAmount: 5,
      remainingSupply: 10,
      canSend: false,
    });
    expect(await count(delivery)).toBe(0);
  });

  it('refuses bad input with a clear 4xx and queues nothing', async () => {
    world = await openDeliveryWorld(backend, { supply: 3 });
    const other = await signUpByEmail(world.ctx, 'other@example.com', 'streamer', 'Other');
    const othersGoods = await createGoods(world.ctx, other, { supply: 5 });
    const draft = await createGoods(world.ctx, world.streamer, { publish: false });
    const fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'Fan');
    const one = [{ recipient: randomAddress() }];

    const cases: Array<
      [
        string,
        Promise<{
          statusCode: number;
          json(): { error: { code: string; details?: Array<{ field: string }> } };
        }>,
        number,
      ]
    > = [
      ['unknown goods', world.distribute(one, { goodsId: '00000000-0000-4000-8000-000000000000' }), 404],
      ["someone else's goods", world.distribute(one, { goodsId: othersGoods.id }), 403],
      ['unpublished goods', world.distribute(one, { goodsId: draft.id }), 422],
      ['empty list', world.distribute([]), 400],
      ['malformed address', world.distribute([{ recipient: '0x1234' }]), 400],
      ['bad checksum', world.distribute([{ recipient: '0x5aAeb6053f3E94C9b9A09f33669435E7Ef1BeAed' }]), 400],
      ['over supply', world.distribute([{ recipient: randomAddress(), amount: 4 }]), 422],
      ['zero amount', world.distribute([{ recipient: randomAddress(), amount: 0 }]), 400],
      [
        'audience member',
        callAs(world.ctx.app, fan, 'POST', '/api/manual-distribution', {
          digitalGoodsId: world.goods.id,
          distributionList: one,
        }),
        403,
      ],
      [
        'signed out',
        callAs(world.ctx.app, null, 'POST', '/api/manual-distribution', {
          digitalGoodsId: world.goods.id,
          distributionList: one,
        }),
        401,
      ],
    ];
    for (const [name, pending, status] of cases) {
      const response = await pending;
      expect(response.statusCode, name).toBe(status);
    }
    const malformed = await world.distribute([{ recipient: randomAddress() }, { recipient: '0x1234' }]);
    expect(malformed.json().error.details).toEqual([
      { field: 'body.distributionList.1.recipient', message: expect.stringContaining('40 hexadecimal') },
    ]);
    expect(await count(delivery)).toBe(0);
    expect(await count(heldClaim)).toBe(0);
    expect(await count(manualDistribution)).toBe(0);
  });

  it('replays the first answer for the same Idempotency-Key and refuses another body under it', async () => {
    world = await openDeliveryWorld(backend);
    const list = [{ recipient: randomAddress() }, { recipient: randomAddress() }];
    const first = await world.distribute(list, { key: 'batch-1' });
    expect(first.statusCode).toBe(201);
    const again = await world.distribute(list, { key: 'batch-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().distribution.id).toBe(first.json().distribution.id);
    const different = await world.distribute([{ recipient: randomAddress() }], { key: 'batch-1' });
    expect(different.statusCode).toBe(422);
    expect(different.json().error.details[0].field).toBe('headers.idempotency-key');
    const badKey = await world.distribute(list, { key: 'x'.repeat(201) });
    expect(badKey.statusCode).toBe(400);
    expect(await count(manualDistribution)).toBe(1);
    expect(await count(delivery)).toBe(2);
  });

  it('holds prizes for people without a wallet and releases them when they set one or link the identity', async () => {
    world = await openDeliveryWorld(backend);
    const noWallet = await signUpByEmail(world.ctx, 'nowallet@example.com', 'audience', 'No Wallet');
    const viewer = await signUpByEmail(world.ctx, 'viewer@example.com', 'audience', 'Viewer');
    const sent = await world.distribute([
      { recipient: noWallet.userId, amount: 2 },
      { recipient: YOUTUBE_CHANNEL },
    ]);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().distribution).toMatchObject({ heldCount: 2, deliveryCount: 0, status: 'completed' });
    expect(sent.json().rows.map((row: { status: string }) => row.status)).toEqual(['held', 'held']);

    // Setting a wallet releases the first; the engine delivers it; the recipient is told.
    const keyA = testWallet();
    const walletA = keyA.address;
    const saved = await setWalletWithProof(world.ctx, noWallet, keyA);
    expect(saved.statusCode, saved.body).toBe(200);
    await world.engine().runUntilIdle();
    expect(await world.balances([walletA])).toEqual([2n]);

    // Linking the YouTube channel (what the platform OAuth callback records) and a wallet releases the second.
    const walletB = randomAddress();
    await linkAccount(db(), viewer.userId, 'youtube', YOUTUBE_CHANNEL);
    await db().update(appUser).set({ walletAddress: walletB }).where(eq(appUser.id, viewer.userId));
    expect(await world.ctx.container.services.delivery.releaseHeldClaims(viewer.userId)).toEqual({
      delivered: 1,
      attached: 0,
    });
    expect(await world.ctx.container.services.delivery.releaseHeldClaims(viewer.userId)).toEqual({
      delivered: 0,
      attached: 0,
    });
    await world.engine().runUntilIdle();
    expect(await world.balances([walletB])).toEqual([1n]);

    const claims = await db().select().from(heldClaim);
    expect(claims.every((claim) => claim.status === 'released' && claim.deliveryId)).toBe(true);
    const received = await db().select().from(notification).where(eq(notification.type, 'prizeReceived'));
    expect(received.map((note) => note.userId).sort()).toEqual([noWallet.userId, viewer.userId].sort());
    const detail = await callAs(
      world.ctx.app,
      world.streamer,
      'GET',
      `/api/manual-distribution/${sent.json().distribution.id}`,
    );
    expect(detail.json().rows.map((row: { status: string }) => row.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    expect(detail.json().distribution.status).toBe('completed');
  });

  it("lists and shows only the caller's own distributions, paged without gaps", async () => {
    world = await openDeliveryWorld(backend);
    for (let index = 0; index < 5; index += 1) {
      expect((await world.distribute([{ recipient: randomAddress() }])).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await callAs(
        world.ctx.app,
        world.streamer,
        'GET',
        `/api/manual-distribution?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().items.map((item: { id: string }) => item.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const other = await signUpByEmail(world.ctx, 'other@example.com', 'streamer', 'Other');
    expect(
      (await callAs(world.ctx.app, other, 'GET', `/api/manual-distribution/${seen[0]}`)).statusCode,
    ).toBe(404);
    expect((await callAs(world.ctx.app, other, 'GET', '/api/manual-distribution')).json().items).toEqual([]);
  });
});
