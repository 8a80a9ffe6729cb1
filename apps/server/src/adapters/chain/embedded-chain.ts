import fs from 'node:fs/promises';
import path from 'node:path';
import type { Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_CHAIN_ID, ANVIL_MNEMONIC, startAnvil, type AnvilInstance } from '@hanabi/token';
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
 * The embedded chain: anvil spawned by the server, its state in `<dataDir>/chain/state.json` (written every few
 * seconds and on a clean stop, so it survives restarts), signing with anvil's first prefunded dev account.
 */
export class EmbeddedChain extends RpcChain {
  override readonly kind = 'embedded' as const;

  private constructor(
    private readonly anvil: AnvilInstance,
    signerKey: Hex,
  ) {
    super({ rpcUrl: anvil.rpcUrl, chainId: ANVIL_CHAIN_ID, signerKey, name: 'Hanabi local' });
  }

  static async start(
    directory: string,
    options: { stateIntervalSeconds?: number } = {},
  ): Promise<EmbeddedChain> {
    await fs.mkdir(directory, { recursive: true });
    const anvil = await startAnvil({
      state: path.join(directory, 'state.json'),
      stateInterval: options.stateIntervalSeconds ?? 5,
      chainId: ANVIL_CHAIN_ID,
    });
    return new EmbeddedChain(anvil, anvilDevKey(0));
  }

  override async close(): Promise<void> {
    await this.anvil.stop();
  }
}
