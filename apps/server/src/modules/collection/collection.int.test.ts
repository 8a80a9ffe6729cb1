import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collection, CollectionItemPage } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { setWalletWithProof, testWallet } from '../../test/wallet-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { insertDelivery, insertHeldClaim } from '../../test/audience-fixtures.ts';
import { recordQueries } from '../../test/query-counter.ts';

type Person = SignedIn & { userId: string };
/** Anvil's second well-known test key (address 0x70997970C51812dc3A010C7d01b50e0d17dc79C8). */
const WALLET_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const HOUR = 60 * 60 * 1000;

describe.each(testBackends({ embedded: true }))('collections on %s', (backend) => {
  let ctx: TestContext;
  let streamer: Person;
  let owner: Person;
  let stranger: Person;
  let goods: { id: string; tokenId: string | null };
  let other: { id: string; tokenId: string | null };
  let campaignId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A chain nobody answers on: the collection must still be listed, flagged unreachable.
    ctx = await createTestContext(backend, {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        CHAIN_RPC_URL: 'http://127.0.0.1:9/',
        CHAIN_SIGNER_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
        CHAIN_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
    });
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', '配信者');
    owner = await signUpByEmail(ctx, 'owner@example.com', 'audience', '持ち主');
    stranger = await signUpByEmail(ctx, 'stranger@example.com', 'audience', '通りすがり');
    goods = await createGoods(ctx, streamer, { name: '金の花火' });
    other = await createGoods(ctx, streamer, { name: '銀の花火' });
    campaignId = (await callAs(ctx.app, streamer, 'POST', '/api/campaign', campaignBody(goods.id))).json().id;
    const t = Date.now();
    ids.confirmed = await insertDelivery(ctx, {
      goodsId: goods.id,
      tokenId: goods.tokenId!,
      userId: owner.userId,
      campaignId,
      createdAt: new Date(t - 3 * HOUR),
    });
    ids.queued = await insertDelivery(ctx, {
      goodsId: other.id,
      tokenId: other.tokenId!,
      userId: owner.userId,
      status: 'queued',
      source: 'manual',
      createdAt: new Date(t - 2 * HOUR),
    });
    await insertDelivery(ctx, {
      goodsId: other.id,
      tokenId: other.tokenId!,
      userId: owner.userId,
      status: 'cancelled',
    });
    ids.held = await insertHeldClaim(ctx, {
      goodsId: goods.id,
      tokenId: goods.tokenId!,
      userId: owner.userId,
    });
    await insertDelivery(ctx, { goodsId: goods.id, tokenId: goods.tokenId!, userId: stranger.userId });
    await ctx.container.services.tokens.registerToken(BigInt(goods.tokenId!));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows the owner everything they got, newest first, with state, source and campaign', async () => {
    const res = await callAs(ctx.app, owner, 'GET', `/api/collection/${owner.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = Collection.parse(res.json());
    expect(body).toMatchObject({ isOwner: true, isPublic: false, chainReachable: true });
    expect(body.items.map((item) => [item.id, item.state, item.source])).toEqual([
      [ids.held, 'held', 'manual'],
      [ids.queued, 'queued', 'manual'],
      [ids.confirmed, 'delivered', 'draw'],
    ]);
    const confirmed = body.items[2]!;
    expect(confirmed.campaign).toEqual({ id: campaignId, title: '夏祭りプレゼント' });
    expect(confirmed.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(confirmed.blockNumber).toBe(42);
    expect(confirmed.goods).toMatchObject({ id: goods.id, name: '金の花火', streamer: { name: '配信者' } });
    // No wallet yet: nothing to check on chain.
    expect(body.balances.every((balance) => balance.balance === null)).toBe(true);
  });

  it('shows a token page to anyone, with what the caller holds of it', async () => {
    const anonymous = await callAs(ctx.app, null, 'GET', `/api/collection/item/${goods.id}`);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const page = CollectionItemPage.parse(anonymous.json());
    expect(page.mine).toEqual([]);
    // The owner's and the stranger's confirmed deliveries (two wallets); the owner's held claim holds nothing yet.
    expect(page.holderCount).toBe(2);
    expect(page.goods).toMatchObject({ id: goods.id, tokenId: goods.tokenId });
    const mine = CollectionItemPage.parse(
      (await callAs(ctx.app, owner, 'GET', `/api/collection/item/${goods.id}`)).json(),
    );
    expect(mine.mine.map((item) => [item.id, item.state])).toEqual([
      [ids.held, 'held'],
      [ids.confirmed, 'delivered'],
    ]);
    const draft = (await createGoods(ctx, streamer, { publish: false })).id;
    expect((await callAs(ctx.app, null, 'GET', `/api/collection/item/${draft}`)).statusCode).toBe(404);
  });

  // Setting a wallet may let the delivery engine turn the held claim into a delivery: the list stays whole.
  it('answers the list with a flag, not an error, when the chain cannot be read', async () => {
    expect((await setWalletWithProof(ctx, owner, testWallet(WALLET_KEY))).statusCode).toBe(200);
    const res = await callAs(ctx.app, owner, 'GET', `/api/collection/${owner.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = Collection.parse(res.json());
    expect(body.chainReachable).toBe(false);
    expect(body.items).toHaveLength(3);
    expect(body.balances.map((balance) => balance.balance)).toEqual([null, null]);
  });

  it('hides a private collection from everyone else and shows it once made public', async () => {
    for (const caller of [stranger, streamer, null]) {
      const res = await callAs(ctx.app, caller, 'GET', `/api/collection/${owner.userId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const switched = await callAs(ctx.app, owner, 'PUT', `/api/account/${owner.userId}`, {
      collectionPublic: true,
    });
    expect(switched.json().collectionPublic).toBe(true);
    const seen = await callAs(ctx.app, null, 'GET', `/api/collection/${owner.userId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(Collection.parse(seen.json())).toMatchObject({ isOwner: false, isPublic: true });
    expect(seen.json().items).toHaveLength(3);
    await callAs(ctx.app, owner, 'PUT', `/api/account/${owner.userId}`, { collectionPublic: false });
    expect((await callAs(ctx.app, stranger, 'GET', `/api/collection/${owner.userId}`)).statusCode).toBe(404);
    expect(
      (await callAs(ctx.app, owner, 'GET', '/api/collection/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    const bad = await callAs(ctx.app, owner, 'PUT', `/api/account/${owner.userId}`, {
      collectionPublic: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'body.collectionPublic',
    ]);
  });

  it('reads a collection in the same few queries however many prizes it holds (no query per item)', async () => {
    const count = async () => {
      const log = recordQueries(ctx.container.database);
      try {
        const res = await callAs(ctx.app, owner, 'GET', `/api/collection/${owner.userId}`);
        expect(res.statusCode, res.body).toBe(200);
        return { queries: log.statements.length, items: Collection.parse(res.json()).items.length };
      } finally {
        log.stop();
      }
    };
    const before = await count();
    for (let i = 0; i < 4; i += 1) {
      await insertDelivery(ctx, { goodsId: other.id, tokenId: other.tokenId!, userId: owner.userId });
      await insertHeldClaim(ctx, { goodsId: goods.id, tokenId: goods.tokenId!, userId: owner.userId });
    }
    const after = await count();
    expect(after.items).toBe(before.items + 8);
    expect(after.queries).toBe(before.queries);
    // The session lookup (not reused in tests), the owner, deliveries, held claims, files, and the wallet's
    // holdings with the contract address (not cached in tests).
    expect(after.queries).toBeLessThanOrEqual(12);
  });
});
