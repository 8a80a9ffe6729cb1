import type { Hash } from 'viem';
import { hanabiTokenAbi } from '@hanabi/token';
import { ChainError, type ChainAdapter } from './chain.adapter.ts';
import { mapChainError } from './chain-errors.ts';

/** A mined transaction, in plain terms (no viem types leave the adapter). */
export interface TokenTxReceipt {
  txHash: Hash;
  blockNumber: bigint;
  gasUsed: bigint;
  status: 'success' | 'reverted';
}

export interface TokenWriteHooks {
  /** Called once the node accepted the transaction, before waiting for its receipt (to record the hash). */
  onSubmitted?: (txHash: Hash) => Promise<void>;
}

export interface TokenContractOptions {
  /** How long to wait for a receipt before giving up (the transaction may still be mined later). */
  receiptTimeoutMs?: number;
  /** How often to poll for the receipt. */
  pollingIntervalMs?: number;
  /**
   * Runs each send while holding the signer across processes (the delivery engine's lock), so the two never
   * race for a nonce. Without it, sends are serialised within this process only.
   */
  serialise?: <T>(task: () => Promise<T>) => Promise<T>;
}

/** The node accepted the transaction but its receipt did not come (timeout, node gone): it may still be mined. */
export class TxNotConfirmedError extends ChainError {
  constructor(
    readonly txHash: Hash,
    cause: ChainError,
  ) {
    super('retryable', `transaction ${txHash} was sent but is not confirmed yet (${cause.message})`, {
      cause,
    });
    this.name = 'TxNotConfirmedError';
  }
}

/** `0x` + 40 hex digits, as the service passes addresses in (already checksummed). */
export type HexAddress = `0x${string}`;

/**
 * The HanabiToken contract at one address, seen through the chain adapter's signer. Every write is simulated
 * first, so a revert comes back with its custom error name and arguments before any gas is spent; sends are
 * serialised in this process so two requests never race for the same nonce. Errors are {@link ChainError}s.
 */
export class TokenContract {
  private sendQueue: Promise<unknown> = Promise.resolve();
  private readonly receiptTimeoutMs: number;
  private readonly pollingIntervalMs: number;
  private readonly serialiseAcrossProcesses: TokenContractOptions['serialise'];

  constructor(
    private readonly chain: ChainAdapter,
    readonly address: HexAddress,
    options: TokenContractOptions = {},
  ) {
    this.receiptTimeoutMs = options.receiptTimeoutMs ?? 120_000;
    this.pollingIntervalMs = options.pollingIntervalMs ?? (chain.kind === 'embedded' ? 100 : 2_000);
    this.serialiseAcrossProcesses = options.serialise;
  }

  /** The address that signs Hanabi's transactions (holds the admin, minter and URI-setter roles). */
  get signer(): HexAddress {
    return this.chain.signer;
  }

  // ─── reads ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The collection's ERC-7572 metadata URI; empty until set. */
  async contractUri(): Promise<string> {
    return this.read('contractURI', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'contractURI',
      }),
    );
  }

  async uri(id: bigint): Promise<string> {
    return this.read('read uri', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'uri',
        args: [id],
      }),
    );
  }

  async balanceOf(owner: HexAddress, id: bigint): Promise<bigint> {
    return this.read('read balance', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'balanceOf',
        args: [owner, id],
      }),
    );
  }

  /** Balances of one owner over many ids in one call. */
  async balancesOf(owner: HexAddress, ids: readonly bigint[]): Promise<bigint[]> {
    if (ids.length === 0) return [];
    const result = await this.read('read balances', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'balanceOfBatch',
        args: [ids.map(() => owner), [...ids]],
      }),
    );
    return [...result];
  }

  async allowance(owner: HexAddress, operator: HexAddress, id: bigint): Promise<bigint> {
    return this.read('read allowance', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'allowance',
        args: [owner, operator, id],
      }),
    );
  }

  async isApprovedForAll(owner: HexAddress, operator: HexAddress): Promise<boolean> {
    return this.read('read approval for all', () =>
      this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiTokenAbi,
        functionName: 'isApprovedForAll',
        args: [owner, operator],
      }),
    );
  }

  // ─── writes (simulate → send → receipt) ──────────────────────────────────────────────────────────────────

  mint(to: HexAddress, id: bigint, amount: bigint, hooks?: TokenWriteHooks): Promise<TokenTxReceipt> {
    return this.write(
      'mint',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'mint',
          args: [to, id, amount, '0x'],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  /** Burns from `from`: allowed when `from` is the signer or has approved the signer for all. */
  burn(from: HexAddress, id: bigint, amount: bigint, hooks?: TokenWriteHooks): Promise<TokenTxReceipt> {
    return this.write(
      'burn',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'burn',
          args: [from, id, amount],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  /** `safeTransferFrom` sent by the signer: it holds the tokens, is approved for all, or has an allowance. */
  transfer(
    from: HexAddress,
    to: HexAddress,
    id: bigint,
    amount: bigint,
    hooks?: TokenWriteHooks,
  ): Promise<TokenTxReceipt> {
    return this.write(
      'transfer',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'safeTransferFrom',
          args: [from, to, id, amount, '0x'],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  /** ERC-5216 `approve(operator, id, amount)` from the signer's own holdings (sets, does not add). */
  approve(
    operator: HexAddress,
    id: bigint,
    amount: bigint,
    hooks?: TokenWriteHooks,
  ): Promise<TokenTxReceipt> {
    return this.write(
      'approve',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'approve',
          args: [operator, id, amount],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  setUri(id: bigint, uri: string, hooks?: TokenWriteHooks): Promise<TokenTxReceipt> {
    return this.write(
      'setURI',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'setURI',
          args: [id, uri],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  /** Sets the collection's ERC-7572 metadata URI (`contractURI()`); the signer holds the URI-setter role. */
  setContractUri(uri: string, hooks?: TokenWriteHooks): Promise<TokenTxReceipt> {
    return this.write(
      'setContractURI',
      () =>
        this.chain.publicClient.simulateContract({
          address: this.address,
          abi: hanabiTokenAbi,
          functionName: 'setContractURI',
          args: [uri],
          account: this.chain.walletClient.account,
        }),
      hooks,
    );
  }

  // ─── plumbing ─────────────────────────────────────────────────────────────────────────────────────────────

  private async read<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw mapChainError(error, action);
    }
  }

  private async write(
    action: string,
    simulate: () => Promise<{ request: unknown }>,
    hooks: TokenWriteHooks = {},
  ): Promise<TokenTxReceipt> {
    let request: unknown;
    try {
      ({ request } = await simulate());
    } catch (error) {
      throw mapChainError(error, action);
    }
    const txHash = await this.serialised(async () => {
      try {
        // The simulated request is exactly what writeContract takes (viem's documented pattern).
        return await this.chain.walletClient.writeContract(
          request as Parameters<ChainAdapter['walletClient']['writeContract']>[0],
        );
      } catch (error) {
        throw mapChainError(error, action);
      }
    });
    await hooks.onSubmitted?.(txHash);
    try {
      const receipt = await this.chain.publicClient.waitForTransactionReceipt({
        hash: txHash,
        timeout: this.receiptTimeoutMs,
        pollingInterval: this.pollingIntervalMs,
      });
      return {
        txHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        status: receipt.status,
      };
    } catch (error) {
      throw new TxNotConfirmedError(txHash, mapChainError(error, `${action}: waiting for ${txHash}`));
    }
  }

  /** Runs sends one at a time (nonces are taken in order); a failed send does not block the next. */
  private serialised<T>(task: () => Promise<T>): Promise<T> {
    if (this.serialiseAcrossProcesses) return this.serialiseAcrossProcesses(task);
    const run = this.sendQueue.then(task, task);
    this.sendQueue = run.catch(() => undefined);
    return run;
  }
}
