import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startAnvil } from '@hanabi/token';
import { anvilDevKey } from '../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../adapters/chain/rpc-chain.ts';
import type { HexAddress } from '../adapters/chain/token-contract.ts';
import { serverPaths } from '../paths.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

/**
 * The real worker (what production runs with HANABI_ROLE=worker): the built `dist/main.js` as a child process,
 * built once per integration run by its global set-up.
 */
export function startWorker(env: Record<string, string>, options: { group?: boolean } = {}) {
  const child: ChildProcess = spawn(process.execPath, [serverPaths.builtMain], {
    cwd: serverPaths.root,
    env: { ...process.env, LOG_PRETTY: '0', LOG_LEVEL: 'warn', HANABI_ROLE: 'worker', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `crash()` then kills it with its children (the embedded anvil), as a power cut would.
    detached: options.group ?? false,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    exited,
    output: () => output,
    /** SIGKILL to the whole process group (needs `group: true`): the worker and everything it spawned die at once. */
    async crash() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
    async ready() {
      const deadline = Date.now() + 60_000;
      while (!/worker ready/.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`worker did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * What a crash test runs its processes on, as production would: a fresh PostgreSQL database and an anvil chain
 * with the token deployed, both outliving any worker. `env` points a Hanabi process at them; `close` removes
 * everything (database, chain, data folder).
 */
export async function startCrashStack(name: string): Promise<{
  env: Record<string, string>;
  /** The deployer's client, to read the chain as the test's judge. */
  chain: RpcChain;
  contract: HexAddress;
  close(): Promise<void>;
}> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const { databaseUrl, drop } = await createThrowawayDatabase(name);
    cleanups.push(drop);
    const anvil = await startAnvil();
    cleanups.push(() => anvil.stop());
    const deployer = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
    const contract = await deployer.deployToken();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hanabi-${name}-`));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    return {
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_SIGNER_KEY: anvilDevKey(0),
        CHAIN_CONTRACT_ADDRESS: contract,
        HANABI_DATA_DIR: dataDir,
        HANABI_DEMO: '0',
      },
      chain: deployer,
      contract,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
