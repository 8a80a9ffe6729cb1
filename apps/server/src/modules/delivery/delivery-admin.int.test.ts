import { afterEach, describe, expect, it } from 'vitest';
import { heldClaim, notification } from '../../db/schema.ts';
import { callAs, signUpByEmail } from '../../test/auth-helpers.ts';
import { campaignBody } from '../../test/goods-fixtures.ts';
import { testBackends } from '../../test/test-context.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { openDeliveryWorld, randomAddress, type DeliveryWorld } from '../../test/delivery.fixture.ts';

describe.each(testBackends())("the operator's delivery queue (%s)", (backend) => {
  let world: DeliveryWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it('lists by state, retries and cancels failed deliveries, and refuses everyone but operators', async () => {
    world = await openDeliveryWorld(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    const boss = await signUpByEmail(world.ctx, 'boss@example.com', 'streamer', 'Boss');
    const fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'Fan');
    const good = randomAddress();
    await world.distribute([{ recipient: good }, { recipient: world.tokenAddress }]);
    await world.engine().runUntilIdle();

    const failed = await callAs(world.ctx.app, boss, 'GET', '/api/admin/delivery?status=failed');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().items).toHaveLength(1);
    expect(failed.json().counts).toMatchObject({ confirmed: 1, failed: 1, queued: 0 });
    expect(failed.json().inFlight).toEqual([]);
    const failedId = failed.json().items[0].id as string;
    expect(failed.json().items[0].lastError).toContain('ERC1155InvalidReceiver');

    const all = await callAs(world.ctx.app, boss, 'GET', '/api/admin/delivery?limit=1');
    expect(all.json().items).toHaveLength(1);
    const next = await callAs(
      world.ctx.app,
      boss,
      'GET',
      `/api/admin/delivery?limit=1&cursor=${all.json().nextCursor}`,
    );
    expect(next.json().items[0].id).not.toBe(all.json().items[0].id);
    expect(next.json().nextCursor).toBeNull();

    const confirmedId = (
      await callAs(world.ctx.app, boss, 'GET', '/api/admin/delivery?status=confirmed')
    ).json().items[0].id;
    expect(
      (await callAs(world.ctx.app, boss, 'POST', `/api/admin/delivery/${confirmedId}/retry`)).statusCode,
    ).toBe(409);
    expect(
      (await callAs(world.ctx.app, boss, 'POST', `/api/admin/delivery/${confirmedId}/cancel`)).statusCode,
    ).toBe(409);
    expect(
      (
        await callAs(
          world.ctx.app,
          boss,
          'POST',
          '/api/admin/delivery/00000000-0000-4000-8000-000000000000/retry',
        )
      ).statusCode,
    ).toBe(404);

    for (const caller of [world.streamer, fan]) {
      expect((await callAs(world.ctx.app, caller, 'GET', '/api/admin/delivery')).statusCode).toBe(403);
      expect(
        (await callAs(world.ctx.app, caller, 'POST', `/api/admin/delivery/${failedId}/retry`)).statusCode,
      ).toBe(403);
    }
    expect((await callAs(world.ctx.app, null, 'GET', '/api/admin/delivery')).statusCode).toBe(401);
    expect((await callAs(world.ctx.app, boss, 'GET', '/api/admin/delivery?status=lost')).statusCode).toBe(
      400,
    );

    const retried = await callAs(world.ctx.app, boss, 'POST', `/api/admin/delivery/${failedId}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', attempts: 0 });
    const cancelled = await callAs(world.ctx.app, boss, 'POST', `/api/admin/delivery/${failedId}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    await world.engine().runUntilIdle();
    expect(await world.balances([good])).toEqual([1n]);
  });

  it("shows a campaign's deliveries and held prizes, filtered by person and state", async () => {
    world = await openDeliveryWorld(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    const boss = await signUpByEmail(world.ctx, 'boss@example.com', 'streamer', 'Boss');
    const fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'Fan');
    const created = await callAs(
      world.ctx.app,
      world.streamer,
      'POST',
      '/api/campaign',
      campaignBody(world.goods.id),
    );
    expect(created.statusCode).toBe(201);
    const campaignId = created.json().id as string;
    const { db } = world.ctx.container.database;
    // Winners are decided by draws (the Live issue); here two are recorded the way a draw records them.
    await DeliveryRepository.insertDeliveries(db, [
      {
        idempotencyKey: 'winner:w1',
        source: 'draw',
        digitalGoodsId: world.goods.id,
        tokenId: world.goods.tokenId.toString(),
        amount: '1',
        recipientUserId: fan.userId,
        recipientAddress: randomAddress(),
        campaignId,
        sourceRef: 'w1',
      },
      {
        idempotencyKey: 'winner:w2',
        source: 'draw',
        digitalGoodsId: world.goods.id,
        tokenId: world.goods.tokenId.toString(),
        amount: '1',
        recipientAddress: randomAddress(),
        campaignId,
        sourceRef: 'w2',
      },
    ]);
    await DeliveryRepository.insertHeldClaims(db, [
      {
        source: 'draw',
        digitalGoodsId: world.goods.id,
        tokenId: world.goods.tokenId.toString(),
        amount: '1',
        platform: 'youtube',
        platformUserId: 'UCabcdefghijklmnopqrstuv',
        displayName: 'Viewer',
        campaignId,
        sourceRef: 'w3',
      },
    ]);
    const url = `/api/admin/campaign/${campaignId}/distribution`;
    const everything = await callAs(world.ctx.app, boss, 'GET', url);
    expect(everything.statusCode).toBe(200);
    expect(everything.json().items).toHaveLength(2);
    expect(everything.json().held).toHaveLength(1);
    expect(everything.json().counts).toMatchObject({ queued: 2, held: 1 });
    const mine = await callAs(world.ctx.app, boss, 'GET', `${url}?userId=${fan.userId}&status=queued`);
    expect(mine.json().items.map((item: { recipientName: string }) => item.recipientName)).toEqual(['Fan']);
    expect(mine.json().held).toEqual([]);
    expect(
      (
        await callAs(
          world.ctx.app,
          boss,
          'GET',
          '/api/admin/campaign/00000000-0000-4000-8000-000000000000/distribution',
        )
      ).statusCode,
    ).toBe(404);
    expect((await callAs(world.ctx.app, world.streamer, 'GET', url)).statusCode).toBe(403);
    expect(await db.select().from(heldClaim)).toHaveLength(1);

    // Once both winners' prizes are confirmed, the streamer hears the campaign is complete; the fan got theirs.
    await world.engine().runUntilIdle();
    const notes = await db.select().from(notification);
    expect(notes.filter((note) => note.type === 'prizeCompleted').map((note) => note.userId)).toEqual([
      world.streamer.userId,
    ]);
    expect(notes.find((note) => note.type === 'prizeCompleted')!.params).toMatchObject({ confirmed: 2 });
    expect(notes.filter((note) => note.type === 'prizeReceived').map((note) => note.userId)).toEqual([
      fan.userId,
    ]);
  });
});
