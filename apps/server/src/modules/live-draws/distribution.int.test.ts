import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DistributionResult, LiveResult, WinnerList } from '@hanabi/api';
import { appUser, delivery, digitalGoods, heldClaim, winner } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments, insertUser } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';
import { linkAccount } from '../../test/platform-identity.fixture.ts';
import type { LivePlatform } from '@hanabi/api';

const WALLET = '0x1111111111111111111111111111111111111111';

describe.each(testBackends())('distribution of drawn winners on %s', (backend) => {
  let world: DrawWorld;
  let c: Awaited<ReturnType<DrawWorld['campaign']>>;
  let withWallet: string;
  let withoutWallet: string;

  beforeAll(async () => {
    world = await openDrawWorld(backend);
    const db = world.ctx.container.database.db;
    // Every commenter wins (3 of 3): a linked user with a wallet, a linked user without, an unknown viewer.
    c = await world.campaign({ winnerCount: 4 });
    withWallet = await insertUser(db, { links: { youtube: 'UCwallet' }, walletAddress: WALLET });
    withoutWallet = await insertUser(db, { links: { youtube: 'UCnowallet' } });
    await insertComments(db, c.youtube.id, [
      { author: 'UCwallet' },
      { author: 'UCnowallet' },
      { author: 'UCstranger', name: 'Stranger' },
    ]);
    await insertComments(db, c.twitcasting.id, [{ author: '5150' }]);
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const drawn = await world.as(world.streamerId).call('POST', `${path}/winner`, { campaignId: c.id });
    if (drawn.statusCode !== 201) throw new Error(drawn.body);
    expect(WinnerList.parse(drawn.json()).winners).toHaveLength(4);
  });
  afterAll(async () => {
    await world?.close();
  });

  const distribute = (platform: LivePlatform, who = world.streamerId) =>
    world.as(who).call('POST', `/api/liveStreaming/${c.id}/distribution/${platform}`);

  it('refuses others (404), the audience (403), the signed out (401) and unpublished goods (422)', async () => {
    expect((await distribute('youtube', world.otherStreamerId)).statusCode).toBe(404);
    expect(
      (
        await world
          .as(world.viewerId, 'audience')
          .call('POST', `/api/liveStreaming/${c.id}/distribution/youtube`)
      ).statusCode,
    ).toBe(403);
    expect(
      (await world.as(null).call('POST', `/api/liveStreaming/${c.id}/distribution/youtube`)).statusCode,
    ).toBe(401);
    const db = world.ctx.container.database.db;
    const [goods] = await db.select().from(digitalGoods).where(eq(digitalGoods.id, world.goodsId));
    await db
      .update(digitalGoods)
      .set({ status: 'draft', tokenId: null })
      .where(eq(digitalGoods.id, world.goodsId));
    expect((await distribute('youtube')).statusCode).toBe(422);
    await db
      .update(digitalGoods)
      .set({ status: 'published', tokenId: goods!.tokenId })
      .where(eq(digitalGoods.id, world.goodsId));
  });

  it('writes a delivery winner:{id} for a user with a wallet and held claims for the rest, once', async () => {
    const first = await distribute('youtube');
    expect(first.statusCode, first.body).toBe(200);
    const result = DistributionResult.parse(first.json());
    expect(result).toMatchObject({ queued: 1, held: 2, alreadyDistributed: 0 });
    expect(result.winners.every((row) => row.platform === 'youtube')).toBe(true);
    // Every winner handed over says when, the held ones too: the live room offers and shows from this alone.
    expect(result.winners.every((row) => row.distributedAt !== null)).toBe(true);

    const db = world.ctx.container.database.db;
    const rows = await db.select().from(winner).where(eq(winner.campaignId, c.id));
    const paid = rows.find((row) => row.platformUserId === 'UCwallet')!;
    const [queued] = await db
      .select()
      .from(delivery)
      .where(eq(delivery.idempotencyKey, `winner:${paid.id}`));
    expect(queued).toMatchObject({
      source: 'draw',
      campaignId: c.id,
      recipientUserId: withWallet,
      recipientAddress: WALLET,
      amount: '1',
      sourceRef: paid.id,
      status: 'queued',
    });
    expect(paid).toMatchObject({ status: 'queued', deliveryId: queued!.id });
    expect(result.winners.find((row) => row.id === paid.id)).toMatchObject({
      status: 'queued',
      deliveryStatus: 'queued',
      reachable: true,
    });

    const claims = await db
      .select()
      .from(heldClaim)
      .where(
        inArray(
          heldClaim.sourceRef,
          rows.map((row) => row.id),
        ),
      );
    expect(claims.map((claim) => [claim.platform, claim.platformUserId]).sort()).toEqual(
      [
        ['hanabi', withoutWallet],
        ['youtube', 'UCstranger'],
      ].sort(),
    );
    expect(claims.every((claim) => claim.source === 'draw' && claim.status === 'held')).toBe(true);

    const again = DistributionResult.parse((await distribute('youtube')).json());
    expect(again).toMatchObject({ queued: 0, held: 0, alreadyDistributed: 3 });
    expect(await db.select().from(delivery).where(eq(delivery.campaignId, c.id))).toHaveLength(1);

    // The TwitCasting winner is untouched until that platform is distributed.
    const tc = rows.find((row) => row.platform === 'twitcasting')!;
    expect(tc.status).toBe('drawn');
    const listed = LiveResult.parse(
      (await world.as(world.streamerId).call('GET', `/api/liveStreaming/${c.id}/result`)).json(),
    );
    expect(listed.winners.find((row) => row.id === tc.id)?.distributedAt).toBeNull();
    expect(DistributionResult.parse((await distribute('twitcasting')).json())).toMatchObject({ held: 1 });
  });

  it('delivers a held prize once its person links the identity and sets a wallet; the winner mirrors it', async () => {
    const db = world.ctx.container.database.db;
    const stranger = await insertUser(db, { name: 'Stranger' });
    await linkAccount(db, stranger, 'youtube', 'UCstranger');
    await db
      .update(appUser)
      .set({ walletAddress: '0x2222222222222222222222222222222222222222' })
      .where(eq(appUser.id, stranger));
    const outcome = await world.ctx.container.services.delivery.releaseHeldClaims(stranger);
    expect(outcome.delivered).toBe(1);
    const result = LiveResult.parse(
      (
        await world.as(world.streamerId).call('GET', `/api/liveStreaming/${c.id}/result?platformType=youtube`)
      ).json(),
    );
    const released = result.winners.find((row) => row.platformUserId === 'UCstranger')!;
    expect(released).toMatchObject({
      status: 'queued',
      deliveryStatus: 'queued',
      userId: stranger,
      reachable: true,
    });
    await db
      .update(delivery)
      .set({ status: 'confirmed', txHash: '0xabc' })
      .where(eq(delivery.id, released.deliveryId!));
    const later = LiveResult.parse(
      (await world.as(world.streamerId).call('GET', `/api/liveStreaming/${c.id}/result`)).json(),
    );
    expect(later.winners.find((row) => row.id === released.id)).toMatchObject({
      status: 'delivered',
      txHash: '0xabc',
    });
    expect(later.funnel).toMatchObject({ winners: 4, held: 2, delivered: 1 });
  });

  it('refuses to exclude a winner already handed over (422), a held one too', async () => {
    const db = world.ctx.container.database.db;
    const [handed] = await db.select().from(winner).where(eq(winner.platformUserId, 'UCwallet'));
    const [held] = await db
      .select()
      .from(winner)
      .where(and(eq(winner.campaignId, c.id), eq(winner.status, 'held')));
    expect(held?.deliveryId ?? null).toBeNull();
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    for (const one of [handed!, held!]) {
      const refused = await world.as(world.streamerId).call('PUT', `${path}/winner`, {
        campaignId: c.id,
        winners: [{ id: one.id, excluded: true, reasonCode: 'other', reason: 'too late' }],
      });
      expect(refused.statusCode).toBe(422);
    }
  });
});
