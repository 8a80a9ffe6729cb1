import fs from 'node:fs/promises';
import path from 'node:path';
import type { Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_CHAIN_ID, ANVIL_MNEMONIC, startAnvil, type AnvilInstance } from '@hanabi/token';
import { ChainStateFile, type AnvilRequest } from './chain-state-file.ts';
import { ChainError } from './chain.adapter.ts';
import { RpcChain } from './rpc-chain.ts';

/** The private key of one of anvil's prefunded dev accounts (index 0 is the embedded signer). */
export function anvilDevKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error('anvil dev account has no private key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

/** The address of one of anvil's prefunded dev accounts (a demo holder that can sign for itself). */
export function anvilDevAddress(index: number): Hex {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address;
}

/**
 * The embedded chain: anvil spawned by the server, its state in `<dataDir>/chain/state.json`, signing with anvil's
 * first prefunded dev account. The state file is Hanabi's ({@link ChainStateFile}, decision 0171): saved every few
 * seconds, on a clean stop, and before any confirmation is recorded (`durable`), always whole.
 */
export class EmbeddedChain extends RpcChain {
  override readonly kind = 'embedded' as const;

  readonly state: ChainStateFile;

  private constructor(
    private readonly anvil: AnvilInstance,
    signerKey: Hex,
    stateFile: string,
  ) {
    super({ rpcUrl: anvil.rpcUrl, chainId: ANVIL_CHAIN_ID, signerKey, name: 'Hanabi local' });
    // anvil's own methods, not in viem's public RPC schema.
    const request = this.publicClient.request as unknown as AnvilRequest;
    this.state = new ChainStateFile(stateFile, (args) => request(args));
  }

  static async start(
    directory: string,
    options: { stateIntervalSeconds?: number } = {},
  ): Promise<EmbeddedChain> {
    await fs.mkdir(directory, { recursive: true });
    const file = path.join(directory, 'state.json');
    const anvil = await startAnvil({ chainId: ANVIL_CHAIN_ID, args: await ChainStateFile.loadArgs(file) });
    const chain = new EmbeddedChain(anvil, anvilDevKey(0), file);
    chain.state.every(options.stateIntervalSeconds ?? 5);
    return chain;
  }

  /** A crash can no longer take back `block`: a save of the state file covers it. */
  override async durable(block: bigint): Promise<void> {
    try {
      await this.state.durableThrough(block);
    } catch (cause) {
      // Not saved, not final: the caller records nothing and tries again later.
      throw new ChainError('retryable', 'the embedded chain state could not be saved', { cause });
    }
  }

  override async close(): Promise<void> {
    try {
      await this.state.stop();
    } finally {
      await this.anvil.stop();
    }
  }
}
