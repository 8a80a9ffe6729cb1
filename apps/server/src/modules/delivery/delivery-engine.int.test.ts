import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { chainTx, delivery, notification } from '../../db/schema.ts';
import { openDeliveryWorld, randomAddress, type DeliveryWorld } from '../../test/delivery.fixture.ts';
import { primaryBackend } from '../../test/test-context.ts';

/**
 * The engine against a real anvil: batching, confirmation, and every crash window of docs/design.md §8 played
 * exactly (a fault thrown at that point, then a fresh engine finishing the work).
 */
describe('delivery engine (embedded anvil, PGlite)', () => {
  let world: DeliveryWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  async function deliveryRows() {
    return world!.ctx.container.database.db.select().from(delivery);
  }

  async function txRows() {
    return world!.ctx.container.database.db.select().from(chainTx).orderBy(chainTx.nonce);
  }

  it('batches 250 recipients into two airdrops, confirms them with block and gas, and notifies', async () => {
    world = await openDeliveryWorld(primaryBackend());
    const addresses = Array.from({ length: 250 }, () => randomAddress());
    const sent = await world.distribute(addresses.map((recipient) => ({ recipient })));
    expect(sent.statusCode).toBe(201);
    const state = await world.engine().runUntilIdle();
    expect(state).toMatchObject({ inFlight: 0, queuedDue: false });

    expect(await world.balances(addresses)).toEqual(addresses.map(() => 1n));
    const rows = await deliveryRows();
    expect(rows).toHaveLength(250);
    expect(rows.every((row) => row.status === 'confirmed' && row.blockNumber !== null && row.gasUsed)).toBe(
      true,
    );
    const txs = await txRows();
    expect(txs.map((tx) => [tx.status, tx.recipientCount])).toEqual([
      ['confirmed', 200],
      ['confirmed', 50],
    ]);
    expect(txs[1]!.nonce).toBe(txs[0]!.nonce + 1);
    expect(Number(txs[0]!.gasUsed) / 200).toBeLessThan(32_000);

    const notes = await world.ctx.container.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, world.streamer.userId));
    expect(notes.map((note) => note.type)).toEqual(['manualDistributionCompleted']);
    expect(notes[0]!.params).toMatchObject({ confirmed: 250, failed: 0 });
  });

  for (const point of ['afterStore', 'afterBroadcast'] as const) {
    it(`finishes without duplicates after a crash ${point === 'afterStore' ? 'before' : 'right after'} broadcasting`, async () => {
      world = await openDeliveryWorld(primaryBackend());
      const addresses = Array.from({ length: 30 }, () => randomAddress());
      expect((await world.distribute(addresses.map((recipient) => ({ recipient })))).statusCode).toBe(201);
      const crashing = world.engine(
        {},
        {
          [point]: () => {
            throw new Error(`crash ${point}`);
          },
        },
      );
      await expect(crashing.pass()).rejects.toThrow(`crash ${point}`);
      expect((await txRows())[0]!.status).toBe('signed');

      await world.engine().runUntilIdle();
      expect(await world.balances(addresses)).toEqual(addresses.map(() => 1n));
      const txs = await txRows();
      expect(txs.map((tx) => tx.status)).toEqual(['confirmed']);
      expect((await deliveryRows()).every((row) => row.status === 'confirmed' && row.attempts === 1)).toBe(
        true,
      );
    });
  }

  it('heals a chain that lost its newest blocks by sending the stored transactions again', async () => {
    world = await openDeliveryWorld(primaryBackend());
    const before = await world.chain.publicClient.request({ method: 'evm_snapshot' as never } as never);
    const addresses = Array.from({ length: 5 }, () => randomAddress());
    await world.distribute(addresses.map((recipient) => ({ recipient })));
    await world.engine().runUntilIdle();
    expect(await world.balances(addresses)).toEqual(addresses.map(() => 1n));

    // The chain forgets the airdrop (as anvil does when killed before it wrote its state).
    await world.chain.publicClient.request({ method: 'evm_revert' as never, params: [before] } as never);
    expect(await world.balances(addresses)).toEqual(addresses.map(() => 0n));

    await world.engine().runUntilIdle();
    expect(await world.balances(addresses)).toEqual(addresses.map(() => 1n));
    expect((await txRows()).map((tx) => tx.status)).toEqual(['confirmed']);
    expect((await deliveryRows()).every((row) => row.status === 'confirmed')).toBe(true);
  });

  it('requeues deliveries whose stored transaction lost its nonce to another sender, and delivers once', async () => {
    world = await openDeliveryWorld(primaryBackend());
    const addresses = Array.from({ length: 3 }, () => randomAddress());
    await world.distribute(addresses.map((recipient) => ({ recipient })));
    const crashing = world.engine(
      {},
      {
        afterStore: () => {
          throw new Error('crash before broadcast');
        },
      },
    );
    await expect(crashing.pass()).rejects.toThrow();
    // The operator mints meanwhile: that transaction takes the nonce the stored airdrop was signed with.
    const someone = randomAddress();
    await world.ctx.container.services.tokens.mint({ to: someone, tokenId: 999n, amount: 1n }, null);

    await world.engine().runUntilIdle();
    expect(await world.balances(addresses)).toEqual(addresses.map(() => 1n));
    const txs = await txRows();
    expect(txs.map((tx) => tx.status)).toEqual(['dropped', 'confirmed']);
    expect((await deliveryRows()).every((row) => row.status === 'confirmed' && row.attempts === 2)).toBe(
      true,
    );
  });

  it('fails only the recipient the contract refuses, with the reason, and delivers the rest', async () => {
    world = await openDeliveryWorld(primaryBackend());
    const good = [randomAddress(), randomAddress()];
    // The token contract itself cannot receive ERC-1155 tokens (no receiver hook).
    const sent = await world.distribute([
      { recipient: good[0]! },
      { recipient: world.tokenAddress },
      { recipient: good[1]! },
    ]);
    expect(sent.statusCode).toBe(201);
    await world.engine().runUntilIdle();
    expect(await world.balances(good)).toEqual([1n, 1n]);
    const rows = await deliveryRows();
    const refused = rows.find(
      (row) => row.recipientAddress.toLowerCase() === world!.tokenAddress.toLowerCase(),
    )!;
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toContain('ERC1155InvalidReceiver');
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(2);
  });

  it('replaces a transaction stuck unmined with the same nonce and a higher fee', async () => {
    world = await openDeliveryWorld(primaryBackend());
    const client = world.chain.publicClient;
    const addresses = [randomAddress(), randomAddress()];
    await world.distribute(addresses.map((recipient) => ({ recipient })));
    await client.request({ method: 'evm_setAutomine' as never, params: [false] } as never);
    const engine = world.engine({ stuckAfterMs: 200 });
    await engine.pass();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await engine.pass();
    const [stuck] = await txRows();
    expect(stuck!.replacementCount).toBe(1);
    expect(stuck!.txHashes).toHaveLength(2);
    await client.request({ method: 'evm_setAutomine' as never, params: [true] } as never);
    await client.request({ method: 'evm_mine' as never } as never);
    await engine.runUntilIdle();
    const [done] = await txRows();
    expect(done!.status).toBe('confirmed');
    expect(done!.minedTxHash).toBe(done!.txHashes[1]);
    expect(await world.balances(addresses)).toEqual([1n, 1n]);
  });
});
