import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import type { HexAddress } from '../../adapters/chain/token-contract.ts';
import { loadConfig, type AppConfig } from '../../config.ts';
import { createContainer, type Container } from '../../container.ts';
import { chainTx, delivery } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { startCrashStack, startWorker } from '../../test/worker-process.ts';
import { seedDistribution } from '../../test/delivery.fixture.ts';

const RECIPIENTS = 1000;
const KILLS = 3;
const STREAMER_ID = '00000000-0000-4000-8000-000000000001';
const GOODS_ID = '00000000-0000-4000-8000-0000000000c1';

/**
 * kill -9 of the worker process at random points while it delivers to 1,000 recipients, three times, then a
 * last worker finishes: every recipient holds exactly what it was sent. The chain (anvil) and PostgreSQL
 * outlive the worker, as they do in production.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('delivery worker killed with SIGKILL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('delivers every prize exactly once across three kills and a restart', { timeout: 300_000 }, async () => {
    const stack = await startCrashStack('crash');
    cleanups.push(() => stack.close());
    const env = {
      ...stack.env,
      DELIVERY_BATCH_SIZE: '10',
      DELIVERY_CONFIRMATIONS: '1',
    };

    // The API side, in this process: a streamer distributes to 1,000 fresh addresses.
    const config: AppConfig = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const container: Container = await createContainer(config, createLogger(config));
    cleanups.push(() => container.close());
    const { addresses, deliveryCount } = await seedDistribution(container, {
      streamerId: STREAMER_ID,
      goodsId: GOODS_ID,
      tokenId: '7',
      recipients: RECIPIENTS,
    });
    expect(deliveryCount).toBe(RECIPIENTS);

    const confirmed = async () => {
      const [row] = await container.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(delivery)
        .where(sql`${delivery.status} = 'confirmed'`);
      return Number(row?.count ?? 0);
    };

    const atKill: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const worker = startWorker(env);
      await worker.ready();
      // Kill at a random moment in the middle of the work: past a progress mark, mid-batch or mid-broadcast.
      const mark = Math.floor((RECIPIENTS * (kill + 1)) / (KILLS + 1)) + Math.floor(Math.random() * 100);
      const deadline = Date.now() + 60_000;
      while ((await confirmed()) < mark && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
      worker.child.kill('SIGKILL');
      await worker.exited;
      atKill.push(await confirmed());
    }
    // Every kill landed before the work was done.
    expect(
      atKill.every((count) => count < RECIPIENTS),
      `confirmed at each kill: ${atKill.join(', ')}`,
    ).toBe(true);

    const last = startWorker(env);
    await last.ready();
    const deadline = Date.now() + 120_000;
    while ((await confirmed()) < RECIPIENTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    last.child.kill('SIGTERM');
    await last.exited;

    expect(await confirmed()).toBe(RECIPIENTS);
    const balances = await stack.chain.publicClient.readContract({
      address: stack.contract,
      abi: hanabiTokenAbi,
      functionName: 'balanceOfBatch',
      args: [addresses as HexAddress[], addresses.map(() => 7n)],
    });
    expect([...balances]).toEqual(addresses.map(() => 1n));
    const txs = await container.database.db.select().from(chainTx);
    expect(
      txs.filter((tx) => tx.status === 'confirmed').reduce((sum, tx) => sum + tx.recipientCount, 0),
    ).toBe(RECIPIENTS);
  });
});
