import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi, startAnvil } from '@hanabi/token';
import { RpcChain } from '../../adapters/chain/rpc-chain.ts';
import { anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import type { HexAddress } from '../../adapters/chain/token-contract.ts';
import { loadConfig, type AppConfig } from '../../config.ts';
import { createContainer, type Container } from '../../container.ts';
import { readSetting, SETTING_KEYS } from '../../db/app-settings.ts';
import { delivery, manualDistribution } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { startCrashStack, startWorker } from '../../test/worker-process.ts';
import { seedDistribution } from '../../test/delivery.fixture.ts';

/** 2,000 in the held-out crash test; `CRASH_RECIPIENTS` runs that size here (the figures in decision 0171). */
const RECIPIENTS = Number(process.env.CRASH_RECIPIENTS ?? 400);
const STREAMER_ID = '00000000-0000-4000-8000-000000000002';
const GOODS_ID = '00000000-0000-4000-8000-0000000000c2';

/**
 * The embedded default (decision 0171): the worker spawns anvil itself, state in its data folder. The worker and
 * its anvil are SIGKILLed together the moment the distribution says "completed"; after a restart no confirmed
 * row and no completed distribution turns back, and every wallet holds exactly one token on the chain the state
 * file kept.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'embedded chain killed right after a distribution completed',
  () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    it(
      'keeps every confirmation across a SIGKILL of the worker and its anvil',
      { timeout: 600_000 },
      async () => {
        const stack = await startCrashStack('embedded_crash');
        cleanups.push(() => stack.close());
        const workerDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-embedded-crash-'));
        cleanups.push(() => fs.rm(workerDir, { recursive: true, force: true }));
        // No CHAIN_RPC_URL: the worker runs the embedded chain in its own data folder.
        const {
          CHAIN_RPC_URL: _rpc,
          CHAIN_SIGNER_KEY: _key,
          CHAIN_CONTRACT_ADDRESS: _address,
          ...shared
        } = stack.env;
        const env = { ...shared, HANABI_DATA_DIR: workerDir, DELIVERY_BATCH_SIZE: '100' };

        // The API side, in this process (its own data folder: it never starts a chain of its own here).
        const config: AppConfig = loadConfig({ ...shared, LOG_LEVEL: 'silent' });
        const container: Container = await createContainer(config, createLogger(config));
        cleanups.push(() => container.close());
        const db = container.database.db;
        const { addresses, distributionId: batchId } = await seedDistribution(container, {
          streamerId: STREAMER_ID,
          goodsId: GOODS_ID,
          tokenId: '9',
          recipients: RECIPIENTS,
        });

        const state = async () => {
          const [counts] = await db
            .select({ confirmed: sql<number>`count(*) filter (where ${delivery.status} = 'confirmed')::int` })
            .from(delivery)
            .where(eq(delivery.manualDistributionId, batchId));
          const [batch] = await db
            .select({ status: manualDistribution.status })
            .from(manualDistribution)
            .where(eq(manualDistribution.id, batchId));
          return { confirmed: Number(counts?.confirmed ?? 0), status: batch?.status };
        };

        const started = Date.now();
        const first = startWorker(env, { group: true });
        await first.ready();
        for (;;) {
          const now = await state();
          if (now.status === 'completed') break;
          if (Date.now() - started > 300_000)
            throw new Error(`not completed: ${JSON.stringify(now)}\n${first.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        const deliveredMs = Date.now() - started;
        await first.crash();
        const atCrash = await state();
        expect(atCrash).toEqual({ confirmed: RECIPIENTS, status: 'completed' });

        // Restart on what the crash left: the worker reconciles at start and keeps passing; watch every moment.
        const second = startWorker(env, { group: true });
        await second.ready();
        const seen: Array<{ confirmed: number; status: string | undefined }> = [];
        const watchUntil = Date.now() + 8_000;
        while (Date.now() < watchUntil) {
          seen.push(await state());
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        second.child.kill('SIGTERM');
        await second.exited;
        expect(seen.filter((item) => item.confirmed !== RECIPIENTS || item.status !== 'completed')).toEqual(
          [],
        );

        // The judge: the chain exactly as the state file kept it.
        const judge = await startAnvil({
          args: ['--load-state', path.join(workerDir, 'chain', 'state.json')],
        });
        cleanups.push(() => judge.stop());
        const chain = new RpcChain({ rpcUrl: judge.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
        const contract = (await readSetting<HexAddress>(db, SETTING_KEYS.contractAddress))!;
        const balances = await chain.publicClient.readContract({
          address: contract,
          abi: hanabiTokenAbi,
          functionName: 'balanceOfBatch',
          args: [addresses as HexAddress[], addresses.map(() => 9n)],
        });
        expect([...balances].filter((balance) => balance !== 1n)).toEqual([]);
        const stateFile = await fs.stat(path.join(workerDir, 'chain', 'state.json'));
        console.info(
          `embedded crash: ${RECIPIENTS} deliveries completed in ${deliveredMs} ms; state file ${stateFile.size} bytes; ` +
            `${seen.length} looks after the restart, none turned back`,
        );
      },
    );
  },
);
