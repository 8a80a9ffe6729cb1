import type { AppConfig } from '../../config.ts';
import { lazy, type Lazy } from '../../lib/lazy.ts';
import type { ChainAdapter } from './chain.adapter.ts';
import { EmbeddedChain } from './embedded-chain.ts';
import { RpcChain } from './rpc-chain.ts';
import { localSigner, noSigner, remoteSigner, type TransactionSigner } from './transaction-signer.ts';

export * from './chain.adapter.ts';
export { mapChainError } from './chain-errors.ts';
export type { TransactionSigner } from './transaction-signer.ts';

/** The configured chain: anvil spawned with state under the data folder, or the JSON-RPC node from config. */
export async function startChain(config: AppConfig): Promise<ChainAdapter> {
  if (config.chain.kind === 'embedded') return EmbeddedChain.start(config.chain.dir);
  return new RpcChain({
    rpcUrl: config.chain.rpcUrl,
    chainId: config.chainId,
    signer: await configuredSigner(config.chain.signer, config.chainRpcTimeoutMs),
    timeoutMs: config.chainRpcTimeoutMs,
  });
}

async function configuredSigner(
  signer: Extract<AppConfig['chain'], { kind: 'rpc' }>['signer'],
  timeoutMs: number,
): Promise<TransactionSigner> {
  if (signer.kind === 'local') return localSigner(signer.key);
  if (signer.kind === 'none') return noSigner(signer.address);
  return remoteSigner({ url: signer.url, address: signer.address, timeoutMs });
}

export { AirdropSigner } from './airdrop-signer.ts';
export type { AirdropCall } from './airdrop-signer.ts';
export { anvilDevAddress } from './embedded-chain.ts';
export { TokenContract, TxNotConfirmedError } from './token-contract.ts';
export { DrawRegistry } from './draw-registry.ts';
export { probeDeployment, readSignerFunds, type DeploymentFacts } from './deployment-probe.ts';
export type { DrawRecordInput, DrawRegistryOptions } from './draw-registry.ts';
export type { HexAddress, TokenTxReceipt, TokenWriteHooks } from './token-contract.ts';
export { parseWalletAddress, toChecksumAddress } from './chain-address.ts';
export { signedBy, walletMessage, walletMessageNonce, walletMessageNonceIfValid } from './wallet-message.ts';
// Hex strings by their role (transaction hashes, raw transactions): what modules type chain values with.
export type { Hash, Hex } from 'viem';
// Wei and gwei as people read them (the doctor's balance line).
export { formatUnits } from 'viem';

/** The chain, started on first use and stopped with the process (the app and the one-shot commands share it). */
export function lazyChain(config: AppConfig): Lazy<ChainAdapter> {
  return lazy(
    () => startChain(config),
    (adapter) => adapter.close(),
  );
}
