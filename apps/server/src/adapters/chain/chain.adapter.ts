import type { Account, Address, Chain, Hash, PublicClient, Transport, WalletClient } from 'viem';
import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';

/** What went wrong on chain, in the terms a caller acts on. */
export type ChainErrorKind = 'retryable' | 'nonce' | 'reverted' | 'rate-limited' | 'permanent';

export class ChainError extends AdapterError {
  constructor(
    readonly chainKind: ChainErrorKind,
    message: string,
    options: { cause?: unknown; revertReason?: string; retryAfterMs?: number } = {},
  ) {
    const kind: AdapterErrorKind =
      chainKind === 'retryable' || chainKind === 'nonce'
        ? 'retryable'
        : chainKind === 'rate-limited'
          ? 'rate-limited'
          : 'permanent';
    super(kind, 'chain', message, options);
    this.name = 'ChainError';
    this.revertReason = options.revertReason;
  }

  /** The contract's custom error name or revert string, when the chain said why. */
  readonly revertReason: string | undefined;
}

export interface ChainBlock {
  number: bigint;
  hash: Hash;
  timestamp: bigint;
}

/**
 * One EVM chain with one signer. The embedded implementation spawns anvil; production talks to any JSON-RPC URL.
 * viem stays inside adapters/: callers get clients typed for the chain and errors mapped to {@link ChainError}.
 */
export interface ChainAdapter {
  readonly kind: 'embedded' | 'rpc';
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly signer: Address;
  readonly publicClient: PublicClient<Transport, Chain>;
  readonly walletClient: WalletClient<Transport, Chain, Account>;
  /** Deploys HanabiToken with the signer as admin; returns its address. */
  deployToken(): Promise<Address>;
  /** Deploys HanabiDrawRegistry with the signer as its only publisher; returns its address. */
  deployDrawRegistry(): Promise<Address>;
  /** True when there is contract code at the address (e.g. the recorded token survived a restart). */
  hasCode(address: Address): Promise<boolean>;
  latestBlock(): Promise<ChainBlock>;
  /**
   * Resolves once a crash can no longer take back `block` (decision 0171): the embedded chain saves its state
   * file; an RPC node's blocks are the node's to keep (its confirmation depth guards reorgs), so it answers at once.
   * Whoever records something as confirmed waits for this first.
   */
  durable(block: bigint): Promise<void>;
  close(): Promise<void>;
}
