// The anvil helper: start on a free port, answer JSON-RPC, stop cleanly, persist state with --state.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import {
  ANVIL_CHAIN_ID,
  ANVIL_MNEMONIC,
  findAnvilBinary,
  startAnvil,
  type AnvilInstance,
} from '../src/anvil.ts';
import { deployHanabiToken, hanabiTokenAbi } from '../src/index.ts';

const started: AnvilInstance[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'hanabi-anvil-'));

afterAll(async () => {
  await Promise.all(started.map((a) => a.stop()));
  rmSync(tmp, { recursive: true, force: true });
});

async function start(...args: Parameters<typeof startAnvil>) {
  const anvil = await startAnvil(...args);
  started.push(anvil);
  return anvil;
}

const clients = (rpcUrl: string) => {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl) }),
    wallet: createWalletClient({
      account: mnemonicToAccount(ANVIL_MNEMONIC),
      chain,
      transport: http(rpcUrl),
    }),
  };
};

/** True while a process with this pid exists. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startAnvil', () => {
  it('finds the binary of the platform package', () => {
    expect(findAnvilBinary()).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil(\.exe)?$/);
  });

  it('starts two chains on different free ports with prefunded dev accounts', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a!.port).not.toBe(b!.port);
    const { publicClient, wallet } = clients(a!.rpcUrl);
    expect(await publicClient.getChainId()).toBe(ANVIL_CHAIN_ID);
    expect(await publicClient.getBalance({ address: wallet.account.address })).toBeGreaterThan(
      parseEther('1000'),
    );
  });

  it('stop() kills the process, awaits its exit and is idempotent', async () => {
    const anvil = await start();
    expect(alive(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(alive(anvil.pid)).toBe(false);
    await anvil.stop();
    await expect(fetch(anvil.rpcUrl, { method: 'POST' })).rejects.toThrow();
  });

  it('keeps the chain across restarts with a state file', async () => {
    const state = join(tmp, 'chain-state.json');
    const first = await start({ state, chainId: 31337 });
    const c1 = clients(first.rpcUrl);
    const token = await deployHanabiToken(c1.wallet, c1.publicClient, c1.wallet.account.address);
    const hash = await c1.wallet.writeContract({
      address: token,
      abi: hanabiTokenAbi,
      functionName: 'mint',
      args: [c1.wallet.account.address, 1n, 7n, '0x'],
    });
    await c1.publicClient.waitForTransactionReceipt({ hash });
    await first.stop();
    expect(existsSync(state)).toBe(true);

    const second = await start({ state });
    const c2 = clients(second.rpcUrl);
    expect(await c2.publicClient.getCode({ address: token })).toMatch(/^0x[0-9a-f]{100,}/);
    const balance = await c2.publicClient.readContract({
      address: token,
      abi: hanabiTokenAbi,
      functionName: 'balanceOf',
      args: [c2.wallet.account.address, 1n],
    });
    expect(balance).toBe(7n);
  });

  it('rejects with the reason when anvil cannot start', async () => {
    await expect(startAnvil({ binary: join(tmp, 'no-such-anvil') })).rejects.toThrow(/ENOENT/);
    await expect(startAnvil({ args: ['--no-such-flag'] })).rejects.toThrow(/anvil exited during start/);
  });
});
