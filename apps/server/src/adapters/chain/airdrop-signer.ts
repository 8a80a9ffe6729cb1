import { encodeFunctionData, keccak256, type Hash, type Hex, TransactionReceiptNotFoundError } from 'viem';
import { hanabiTokenAbi } from '@hanabi/token';
import { ChainError, type ChainAdapter } from './chain.adapter.ts';
import { mapChainError } from './chain-errors.ts';
import type { HexAddress } from './token-contract.ts';

/** One airdrop: the same `amount` of token `tokenId` to each address. */
export interface AirdropCall {
  contract: HexAddress;
  recipients: readonly HexAddress[];
  tokenId: bigint;
  amount: bigint;
}

export interface FeeQuote {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SignedTransaction {
  raw: Hex;
  hash: Hash;
}

export interface MinedReceipt {
  txHash: Hash;
  blockNumber: bigint;
  gasUsed: bigint;
  status: 'success' | 'reverted';
}

/** A TransferSingle event seen on chain (one per airdrop recipient). */
export interface TransferSeen {
  txHash: Hash;
  to: HexAddress;
  value: bigint;
  blockNumber: bigint;
}

/**
 * The low-level calls the delivery engine makes with the server's signer: it signs transactions itself (with
 * a nonce it chose) so they can be stored before they are broadcast, and later rebroadcast or replaced. No
 * automatic nonce, no hidden retries of sends: every error comes back as a {@link ChainError}.
 */
export class AirdropSigner {
  constructor(private readonly chain: ChainAdapter) {}

  get signer(): HexAddress {
    return this.chain.signer;
  }

  get chainId(): number {
    return this.chain.chainId;
  }

  /** `latest`: nonces used by mined transactions; `pending`: also those the node holds in its mempool. */
  async nonces(): Promise<{ latest: number; pending: number }> {
    return this.call('read the signer nonce', async () => {
      const [latest, pending] = await Promise.all([
        this.chain.publicClient.getTransactionCount({ address: this.signer, blockTag: 'latest' }),
        this.chain.publicClient.getTransactionCount({ address: this.signer, blockTag: 'pending' }),
      ]);
      return { latest, pending };
    });
  }

  /** Waits until a crash can no longer take back `block` (the embedded chain saves its state; decision 0171). */
  async durable(block: bigint): Promise<void> {
    await this.call('save the chain state', () => this.chain.durable(block));
  }

  async headBlock(): Promise<bigint> {
    return this.call('read the block number', () => this.chain.publicClient.getBlockNumber({ cacheTime: 0 }));
  }

  /** Runs the airdrop as a call from the signer: a revert comes back with the contract's reason, no gas spent. */
  async simulate(airdrop: AirdropCall, blockNumber?: bigint): Promise<void> {
    await this.call('simulate airdrop', () =>
      this.chain.publicClient.simulateContract({
        address: airdrop.contract,
        abi: hanabiTokenAbi,
        functionName: 'airdrop',
        args: [[...airdrop.recipients], airdrop.tokenId, airdrop.amount],
        account: this.chain.walletClient.account,
        ...(blockNumber !== undefined ? { blockNumber } : {}),
      }),
    );
  }

  async estimateGas(airdrop: AirdropCall): Promise<bigint> {
    return this.call('estimate airdrop gas', () =>
      this.chain.publicClient.estimateContractGas({
        address: airdrop.contract,
        abi: hanabiTokenAbi,
        functionName: 'airdrop',
        args: [[...airdrop.recipients], airdrop.tokenId, airdrop.amount],
        account: this.chain.walletClient.account,
      }),
    );
  }

  async fees(): Promise<FeeQuote> {
    return this.call('estimate fees', async () => {
      const fees = await this.chain.publicClient.estimateFeesPerGas({ type: 'eip1559' });
      return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    });
  }

  /** Signs locally (nothing is sent): the raw transaction and the hash it will have on chain. */
  async sign(
    airdrop: AirdropCall,
    tx: { nonce: number; gas: bigint } & FeeQuote,
  ): Promise<SignedTransaction> {
    const data = encodeFunctionData({
      abi: hanabiTokenAbi,
      functionName: 'airdrop',
      args: [[...airdrop.recipients], airdrop.tokenId, airdrop.amount],
    });
    const account = this.chain.walletClient.account;
    if (!account.signTransaction) throw new ChainError('permanent', 'the signer cannot sign locally');
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: this.chain.chainId,
      to: airdrop.contract,
      data,
      nonce: tx.nonce,
      gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
      value: 0n,
    });
    return { raw, hash: keccak256(raw) };
  }

  /**
   * Broadcasts a stored signed transaction. A node that already has it ("already known") counts as success;
   * a nonce the chain has moved past is a `nonce` error (the reconciler decides what happened).
   */
  async broadcast(raw: Hex): Promise<void> {
    try {
      await this.chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const text = describe(error);
      if (/already known|already imported|known transaction|already exists/i.test(text)) return;
      if (/nonce too low|nonce.*(lower|already used)|replacement transaction underpriced/i.test(text)) {
        throw new ChainError('nonce', `broadcast: ${firstLine(text)}`, { cause: error });
      }
      throw mapChainError(error, 'broadcast');
    }
  }

  /** The receipt of whichever of these hashes was mined, or null. */
  async receipt(hashes: readonly Hash[]): Promise<MinedReceipt | null> {
    for (const hash of hashes) {
      try {
        const receipt = await this.chain.publicClient.getTransactionReceipt({ hash });
        return {
          txHash: hash,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
          status: receipt.status,
        };
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) continue;
        if (/could not be found|not found/i.test(describe(error))) continue;
        throw mapChainError(error, 'read receipt');
      }
    }
    return null;
  }

  /** Why a mined transaction reverted: the same call replayed on the state before its block. */
  async revertReason(airdrop: AirdropCall, blockNumber: bigint): Promise<string> {
    try {
      await this.simulate(airdrop, blockNumber > 0n ? blockNumber - 1n : 0n);
      return 'reverted on chain (the call succeeds when replayed; likely out of gas)';
    } catch (error) {
      if (error instanceof ChainError && error.chainKind === 'reverted') {
        return error.revertReason ?? error.message;
      }
      throw error;
    }
  }

  /** TransferSingle events minted by the signer for `tokenId` to any of `recipients`, from `fromBlock` on. */
  async mintsTo(
    contract: HexAddress,
    tokenId: bigint,
    recipients: readonly HexAddress[],
    fromBlock: bigint,
  ): Promise<TransferSeen[]> {
    return this.call('read TransferSingle logs', async () => {
      const logs = await this.chain.publicClient.getContractEvents({
        address: contract,
        abi: hanabiTokenAbi,
        eventName: 'TransferSingle',
        args: {
          operator: this.signer,
          from: '0x0000000000000000000000000000000000000000',
          to: [...recipients],
        },
        fromBlock,
        toBlock: 'latest',
        strict: true,
      });
      return logs
        .filter((log) => log.args.id === tokenId)
        .map((log) => ({
          txHash: log.transactionHash,
          to: log.args.to as HexAddress,
          value: log.args.value,
          blockNumber: log.blockNumber,
        }));
    });
  }

  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapChainError(error, action);
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const details = (error as { details?: unknown }).details;
    return `${error.message} ${typeof details === 'string' ? details : ''}`;
  }
  return String(error);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
