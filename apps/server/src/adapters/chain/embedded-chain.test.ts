import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import { EmbeddedChain } from './embedded-chain.ts';
import { RpcChain } from './rpc-chain.ts';
import { mapChainError } from './chain-errors.ts';
import { ChainError } from './chain.adapter.ts';

describe('embedded chain (a real anvil)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it('deploys the token and keeps it across a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-chain-'));
    dirs.push(dir);
    const first = await EmbeddedChain.start(dir);
    let address: `0x${string}`;
    try {
      expect(first.chainId).toBe(31337);
      address = await first.deployToken();
      expect(await first.hasCode(address)).toBe(true);
      const minter = await first.publicClient.readContract({
        address,
        abi: hanabiTokenAbi,
        functionName: 'hasRole',
        args: [
          await first.publicClient.readContract({
            address,
            abi: hanabiTokenAbi,
            functionName: 'MINTER_ROLE',
          }),
          first.signer,
        ],
      });
      expect(minter).toBe(true);
    } finally {
      await first.close();
    }
    const second = await EmbeddedChain.start(dir);
    try {
      expect(await second.hasCode(address)).toBe(true);
      expect((await second.latestBlock()).number).toBeGreaterThan(0n);
    } finally {
      await second.close();
    }
  });

  it('keeps every block `durable` covered across a SIGKILL of anvil, with one save for many waiting', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-chain-'));
    dirs.push(dir);
    const first = await EmbeddedChain.start(dir, { stateIntervalSeconds: 3600 });
    const mine = first.publicClient.request as unknown as (args: { method: string }) => Promise<unknown>;
    let head: bigint;
    try {
      await first.deployToken();
      for (let block = 0; block < 5; block += 1) await mine({ method: 'evm_mine' });
      head = (await first.latestBlock()).number;
      const before = first.state.saves;
      // Every confirmation of a pass waits on the same save.
      await Promise.all(Array.from({ length: 8 }, () => first.durable(head)));
      expect(first.state.saves - before).toBeLessThanOrEqual(2);
      expect(first.state.lastSave!.block).toBeGreaterThanOrEqual(head);
      await first.durable(head - 1n); // already covered: no save
      expect(first.state.saves - before).toBeLessThanOrEqual(2);
      // Blocks after the last save are what a crash may lose; the ones `durable` covered are not.
      await mine({ method: 'evm_mine' });
      process.kill((first as unknown as { anvil: { pid: number } }).anvil.pid, 'SIGKILL');
    } finally {
      await first.close().catch(() => undefined);
    }
    const second = await EmbeddedChain.start(dir);
    try {
      expect((await second.latestBlock()).number).toBeGreaterThanOrEqual(head);
    } finally {
      await second.close();
    }
    // No temporary file is left beside the state.
    expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('maps reverts with their reason and unreachable nodes as retryable', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-chain-'));
    dirs.push(dir);
    const chain = await EmbeddedChain.start(dir);
    try {
      const address = await chain.deployToken();
      const error = await chain.walletClient
        .writeContract({ address, abi: hanabiTokenAbi, functionName: 'airdrop', args: [[], 1n, 1n] })
        .then(() => null)
        .catch((caught: unknown) => mapChainError(caught, 'airdrop'));
      expect(error).toBeInstanceOf(ChainError);
      expect(error?.chainKind).toBe('reverted');
      expect(error?.revertReason).toBe('HanabiEmptyAirdrop');
    } finally {
      await chain.close();
    }
    const offline = new RpcChain({
      rpcUrl: 'http://127.0.0.1:9/',
      chainId: 31337,
      signerKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    });
    const failure = await offline.latestBlock().catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(ChainError);
    expect((failure as ChainError).chainKind).toBe('retryable');
  });
});
