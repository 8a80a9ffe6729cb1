import { afterEach, describe, expect, it } from 'vitest';
import { AirdropSigner } from '../../adapters/chain/airdrop-signer.ts';
import { anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../../adapters/chain/rpc-chain.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { chainTx, delivery } from '../../db/schema.ts';
import { startRpcFaultProxy } from '../../test/rpc-fault-proxy.ts';
import { testBackends } from '../../test/test-context.ts';
import { ChainTxRepository } from './chain-tx.repository.ts';
import { DeliveryEngine } from './delivery.engine.ts';
import { openDeliveryWorld, randomAddress, type DeliveryWorld } from '../../test/delivery.fixture.ts';
import { SignerLock } from './signer-lock.ts';

const RECIPIENTS = 1000;
/** The first recipients get two copies (a second airdrop group), the rest one. */
const DOUBLE = 100;

async function queueThousand(world: DeliveryWorld): Promise<{ addresses: string[]; expected: bigint[] }> {
  const addresses = Array.from({ length: RECIPIENTS }, () => randomAddress());
  const response = await world.distribute(
    addresses.map((recipient, index) => ({ recipient, amount: index < DOUBLE ? 2 : 1 })),
  );
  expect(response.statusCode).toBe(201);
  return { addresses, expected: addresses.map((_, index) => (index < DOUBLE ? 2n : 1n)) };
}

/** Runs passes until one ends idle without an error (faults make many passes throw). */
async function runThroughFaults(engine: DeliveryEngine, maxPasses = 400): Promise<number> {
  let failures = 0;
  for (let pass = 0; pass < maxPasses; pass += 1) {
    try {
      const state = await engine.runUntilIdle(30_000);
      if (state.inFlight === 0 && !state.queuedDue && state.nextDueAt === null) return failures;
      if (state.nextDueAt && state.inFlight === 0) {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, state.nextDueAt!.getTime() - Date.now())),
        );
      }
    } catch {
      failures += 1;
    }
  }
  throw new Error(`not idle after ${maxPasses} passes`);
}

async function expectExactlyOnce(
  world: DeliveryWorld,
  addresses: string[],
  expected: bigint[],
): Promise<void> {
  expect(await world.balances(addresses)).toEqual(expected);
  const db = world.ctx.container.database.db;
  const rows = await db.select({ status: delivery.status }).from(delivery);
  expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(RECIPIENTS);
  const txs = await db.select().from(chainTx);
  const mined = txs.filter((tx) => tx.status === 'confirmed');
  // Every recipient rode exactly one mined airdrop.
  expect(mined.reduce((sum, tx) => sum + tx.recipientCount, 0)).toBe(RECIPIENTS);
  const nonces = txs.filter((tx) => tx.status !== 'dropped').map((tx) => tx.nonce);
  expect(new Set(nonces).size).toBe(nonces.length);
}

describe.each(testBackends())('delivery under RPC faults (%s)', (backend) => {
  let world: DeliveryWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it('delivers 1,000 recipients exactly once while 20% of RPC calls fail, stall or lose their answer', async () => {
    world = await openDeliveryWorld(backend);
    const { addresses, expected } = await queueThousand(world);
    const proxy = await startRpcFaultProxy(world.chain.rpcUrl, { faultRate: 0.2, delayMs: 200 });
    try {
      const flaky = new RpcChain({
        rpcUrl: proxy.url,
        chainId: world.chain.chainId,
        signerKey: anvilDevKey(0),
        timeoutMs: 1_000,
      });
      const engine = new DeliveryEngine(
        new AirdropSigner(flaky),
        world.ctx.container.repositories.chainTxs,
        new SignerLock(world.ctx.container.database, `hanabi-signer:${world.chain.chainId}`),
        async () => world!.tokenAddress,
        { ...world.ctx.config.delivery, batchSize: 100, pollIntervalMs: 20 },
        world.ctx.container.log,
      );
      await runThroughFaults(engine);
      expect(proxy.counts.answerLost + proxy.counts.dropped + proxy.counts.errored).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
    await expectExactlyOnce(world, addresses, expected);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two delivery workers on one PostgreSQL', () => {
  let world: DeliveryWorld | undefined;
  let second: Database | undefined;
  afterEach(async () => {
    await second?.close();
    await world?.close();
    world = second = undefined;
  });

  it('deliver 1,000 recipients exactly once together, nonces never colliding', async () => {
    world = await openDeliveryWorld('postgres');
    const { addresses, expected } = await queueThousand(world);
    const { connectionString, schema } = world.ctx.container.database;
    second = await openPostgres(connectionString!, 5, schema);
    const lockName = `hanabi-signer:${world.chain.chainId}`;
    const options = { ...world.ctx.config.delivery, batchSize: 50, pollIntervalMs: 20 };
    const workerA = new DeliveryEngine(
      new AirdropSigner(world.chain),
      world.ctx.container.repositories.chainTxs,
      new SignerLock(world.ctx.container.database, lockName),
      async () => world!.tokenAddress,
      options,
      world.ctx.container.log,
    );
    const otherChain = new RpcChain({
      rpcUrl: world.chain.rpcUrl,
      chainId: world.chain.chainId,
      signerKey: anvilDevKey(0),
    });
    const workerB = new DeliveryEngine(
      new AirdropSigner(otherChain),
      // A second process's view: this test counts tokens, not what the deciding modules hear.
      new ChainTxRepository(second.db, []),
      new SignerLock(second, lockName),
      async () => world!.tokenAddress,
      options,
      world.ctx.container.log,
    );
    const [failuresA, failuresB] = await Promise.all([runThroughFaults(workerA), runThroughFaults(workerB)]);
    expect(failuresA + failuresB).toBe(0);
    await expectExactlyOnce(world, addresses, expected);
    const txs = await world.ctx.container.database.db.select().from(chainTx).orderBy(chainTx.nonce);
    expect(txs.every((tx) => tx.status === 'confirmed')).toBe(true);
    // One signer, strictly ordered nonces: no gaps, no repeats.
    const nonces = txs.map((tx) => tx.nonce);
    expect(nonces).toEqual(nonces.map((_, index) => nonces[0]! + index));
  });
});
