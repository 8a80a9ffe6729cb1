import type { AppConfig } from '../../config.ts';
import type { ChainAdapter } from './chain.adapter.ts';
import { EmbeddedChain } from './embedded-chain.ts';
import { RpcChain } from './rpc-chain.ts';

export * from './chain.adapter.ts';
export { mapChainError } from './chain-errors.ts';

/** The configured chain: anvil spawned with state under the data folder, or the JSON-RPC node from config. */
export async function startChain(config: AppConfig): Promise<ChainAdapter> {
  if (config.chain.kind === 'embedded') return EmbeddedChain.start(config.chain.dir);
  return new RpcChain({
    rpcUrl: config.chain.rpcUrl,
    chainId: config.chainId,
    signerKey: config.chain.signerKey,
    timeoutMs: config.chainRpcTimeoutMs,
  });
}
