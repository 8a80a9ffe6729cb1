import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { deployHanabiDrawRegistry, deployHanabiToken } from '@hanabi/token';
import type { ChainAdapter, ChainBlock } from './chain.adapter.ts';
import { mapChainError } from './chain-errors.ts';
import { localSigner, signerAccount, type TransactionSigner } from './transaction-signer.ts';

export interface RpcChainOptions {
  rpcUrl: string;
  chainId: number;
  /** Who signs: any {@link TransactionSigner} (from config), or a local key (tests, the embedded chain). */
  signer?: TransactionSigner;
  signerKey?: Hex;
  name?: string;
  /** Per JSON-RPC call. */
  timeoutMs?: number;
}

/** Any EVM JSON-RPC endpoint with the configured signer (production, or an anvil spawned elsewhere). */
export class RpcChain implements ChainAdapter {
  readonly kind: 'embedded' | 'rpc' = 'rpc';
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly signer: Address;
  readonly signerKind: TransactionSigner['kind'];
  readonly publicClient;
  readonly walletClient;

  constructor(options: RpcChainOptions) {
    const chain = defineChain({
      id: options.chainId,
      name: options.name ?? `chain-${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    });
    const signer = options.signer ?? (options.signerKey ? localSigner(options.signerKey) : undefined);
    if (!signer) throw new Error('RpcChain needs a signer or a signerKey');
    const account = signerAccount(signer);
    const transport = http(options.rpcUrl, { retryCount: 2, timeout: options.timeoutMs ?? 15_000 });
    this.chainId = options.chainId;
    this.rpcUrl = options.rpcUrl;
    this.signer = account.address;
    this.signerKind = signer.kind;
    this.publicClient = createPublicClient({ chain, transport });
    this.walletClient = createWalletClient({ chain, transport, account });
  }

  async deployToken(): Promise<Address> {
    try {
      return await deployHanabiToken(this.walletClient, this.publicClient, this.signer);
    } catch (error) {
      throw mapChainError(error, 'deploy HanabiToken');
    }
  }

  async deployDrawRegistry(): Promise<Address> {
    try {
      return await deployHanabiDrawRegistry(this.walletClient, this.publicClient, this.signer);
    } catch (error) {
      throw mapChainError(error, 'deploy HanabiDrawRegistry');
    }
  }

  async hasCode(address: Address): Promise<boolean> {
    try {
      const code = await this.publicClient.getCode({ address });
      return code !== undefined && code !== '0x';
    } catch (error) {
      throw mapChainError(error, 'read contract code');
    }
  }

  async latestBlock(): Promise<ChainBlock> {
    try {
      const block = await this.publicClient.getBlock({ blockTag: 'latest' });
      return { number: block.number, hash: block.hash, timestamp: block.timestamp };
    } catch (error) {
      throw mapChainError(error, 'read latest block');
    }
  }

  async durable(_block: bigint): Promise<void> {}

  async close(): Promise<void> {}
}
