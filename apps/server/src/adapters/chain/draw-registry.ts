import type { Hash } from 'viem';
import { hanabiDrawRegistryAbi } from '@hanabi/token';
import {
  DRAW_COMMITTED_EVENT,
  readCommitmentRecord,
  uuidToBytes32,
  type CommitmentRecord,
} from '@hanabi/draw/record';
import { ChainError, type ChainAdapter } from './chain.adapter.ts';
import { mapChainError } from './chain-errors.ts';
import type { HexAddress } from './token-contract.ts';

/** One draw's record as Hanabi writes it (ids are the draw's and campaign's UUIDs, hashes hex without 0x). */
export interface DrawRecordInput {
  campaignId: string;
  /** The draw's number within its campaign: 1, 2, … without gaps (the registry refuses anything else). */
  number: number;
  drawId: string;
  commitment: string;
  entrantsHash: string;
  closedAt: Date;
  /** The drand chain hash and the round that will decide the winners. */
  beaconChain: string;
  beaconRound: number;
  /** S sealed to the round (hex; empty when the chain serves no timelock). */
  sealedSecret: string;
}

export interface DrawRegistryOptions {
  receiptTimeoutMs?: number;
  pollingIntervalMs?: number;
  /** Runs the send while holding the signer across processes (the delivery engine's lock), as token writes do. */
  serialise?: <T>(task: () => Promise<T>) => Promise<T>;
}

const hex32 = (hex: string): `0x${string}` => `0x${hex.padStart(64, '0')}`;

/**
 * The draw registry (packages/token `HanabiDrawRegistry.sol`) at one address: writes a draw's record before its
 * round exists and reads records back. A draw id is recorded once only, so a second attempt — a crash after the
 * send, another process resuming the same draw — finds the record already there and answers it instead: the
 * record on chain, not the caller's input, is what the draw then follows. Errors are {@link ChainError}s.
 */
export class DrawRegistry {
  private sendQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chain: ChainAdapter,
    readonly address: HexAddress,
    private readonly options: DrawRegistryOptions = {},
  ) {}

  /** The record of `drawId` if the registry holds one. */
  async find(drawId: string): Promise<CommitmentRecord | null> {
    const id = uuidToBytes32(drawId);
    try {
      const block = await this.chain.publicClient.readContract({
        address: this.address,
        abi: hanabiDrawRegistryAbi,
        functionName: 'committedIn',
        args: [id],
      });
      if (block === 0n) return null;
      const [log] = await this.chain.publicClient.getLogs({
        address: this.address,
        event: DRAW_COMMITTED_EVENT[0],
        args: { drawId: id },
        fromBlock: block,
        toBlock: block,
      });
      if (!log)
        throw new ChainError(
          'retryable',
          `the registry names block ${block} for ${drawId}, without its event`,
        );
      return await this.read(log.transactionHash);
    } catch (error) {
      throw mapChainError(error, 'read a draw record');
    }
  }

  /** Reads the record written by `txHash` (through this chain's RPC). */
  async read(txHash: Hash): Promise<CommitmentRecord> {
    const read = await readCommitmentRecord(
      { chainId: this.chain.chainId, registry: this.address, txHash },
      this.chain.publicClient,
    );
    if (!read.ok) throw new ChainError('retryable', read.problem);
    return read.record;
  }

  /** Writes the record (or finds the one already written for this draw) and answers it as the chain holds it. */
  async publish(input: DrawRecordInput): Promise<CommitmentRecord> {
    const existing = await this.find(input.drawId);
    if (existing) return existing;
    let request: unknown;
    try {
      ({ request } = await this.chain.publicClient.simulateContract({
        address: this.address,
        abi: hanabiDrawRegistryAbi,
        functionName: 'commit',
        account: this.chain.walletClient.account,
        args: [
          uuidToBytes32(input.campaignId),
          input.number,
          uuidToBytes32(input.drawId),
          hex32(input.commitment),
          hex32(input.entrantsHash),
          BigInt(Math.floor(input.closedAt.getTime() / 1000)),
          hex32(input.beaconChain),
          BigInt(input.beaconRound),
          `0x${input.sealedSecret}`,
        ],
      }));
    } catch (error) {
      const mapped = mapChainError(error, 'publish the draw record');
      // Another process wrote it between our look and our send: that record stands.
      if (mapped.revertReason === 'HanabiDrawAlreadyCommitted') {
        const found = await this.find(input.drawId);
        if (found) return found;
      }
      throw mapped;
    }
    const txHash = await this.serialised(async () => {
      try {
        return await this.chain.walletClient.writeContract(
          request as Parameters<ChainAdapter['walletClient']['writeContract']>[0],
        );
      } catch (error) {
        throw mapChainError(error, 'publish the draw record');
      }
    });
    try {
      await this.chain.publicClient.waitForTransactionReceipt({
        hash: txHash,
        timeout: this.options.receiptTimeoutMs ?? 120_000,
        pollingInterval: this.options.pollingIntervalMs ?? (this.chain.kind === 'embedded' ? 100 : 2_000),
      });
    } catch (error) {
      throw mapChainError(error, `publish the draw record: waiting for ${txHash}`);
    }
    return this.read(txHash);
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    if (this.options.serialise) return this.options.serialise(task);
    const run = this.sendQueue.then(task, task);
    this.sendQueue = run.catch(() => undefined);
    return run;
  }
}
