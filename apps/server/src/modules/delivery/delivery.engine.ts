import { ChainError } from '../../adapters/chain/index.ts';
import type { AirdropCall, AirdropSigner, Hash, Hex } from '../../adapters/chain/index.ts';
import type { HexAddress } from '../../adapters/chain/index.ts';
import type { Logger } from '../../logger.ts';
import type { ChainTxRepository, ChainTxRow, QueuedBatch, SignerKey } from './chain-tx.repository.ts';
import type { SignerLock } from './signer-lock.ts';

export interface DeliveryEngineOptions {
  batchSize: number;
  gasCap: number;
  confirmations: number;
  stuckAfterMs: number;
  maxAttempts: number;
  /** Transactions broadcast and not yet confirmed before the engine stops signing new ones. */
  maxInFlight?: number;
  /** How long to wait between looks at the chain while transactions are in flight. */
  pollIntervalMs?: number;
}

/** What one pass left behind: whether to come back soon, and when queued work becomes due. */
export interface EngineState {
  inFlight: number;
  queuedDue: boolean;
  nextDueAt: Date | null;
}

/** Test seam: throw from a hook to play a crash at that exact point. */
export interface EngineFaults {
  afterStore?: () => void;
  afterBroadcast?: () => void;
}

const BACKOFF_MS = [2_000, 5_000, 15_000, 60_000, 300_000];

/**
 * The exactly-once delivery engine (docs/design.md §8). Each pass, holding the signer lock:
 *  1. reconcile — transactions the chain lost are reopened; each stored open transaction is confirmed,
 *     reverted, found dropped (its nonce went elsewhere: TransferSingle logs decide who got something anyway),
 *     rebroadcast, or replaced with a higher fee when stuck;
 *  2. send — the oldest queued deliveries, grouped per token id and amount, become `airdrop` transactions:
 *     simulated, signed with a nonce from the database, stored, and only then broadcast.
 * A crash anywhere leaves a state the next pass (in any process) completes without delivering twice.
 */
export class DeliveryEngine {
  private readonly maxInFlight: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly signer: AirdropSigner,
    private readonly repository: ChainTxRepository,
    private readonly lock: SignerLock,
    private readonly tokenAddress: () => Promise<string | null>,
    private readonly options: DeliveryEngineOptions,
    private readonly log: Logger,
    private readonly faults: EngineFaults = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 8;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
  }

  private get key(): SignerKey {
    return { chainId: this.signer.chainId, signer: this.signer.signer };
  }

  /** Passes until nothing is in flight and nothing queued is due, or the time budget is spent. */
  async runUntilIdle(budgetMs = 60_000, stop?: AbortSignal): Promise<EngineState> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const state = await this.pass();
      if (state.inFlight === 0 && !state.queuedDue) return state;
      // A stopping worker ends between passes (each pass is whole: signed, recorded, broadcast); the caller
      // books the follow-up another worker takes.
      if (Date.now() > deadline || stop?.aborted) return state;
      if (state.inFlight > 0) await sleep(this.pollIntervalMs);
    }
  }

  /** One reconcile + send pass under the signer lock. */
  async pass(): Promise<EngineState> {
    return this.lock.run(async () => {
      const inFlight = await this.reconcile();
      const sent = await this.sendQueued(inFlight);
      const nextDueAt = await this.repository.nextDueAt();
      return {
        inFlight: inFlight + sent,
        queuedDue: nextDueAt !== null && nextDueAt.getTime() <= Date.now(),
        nextDueAt,
      };
    });
  }

  // ─── reconcile ────────────────────────────────────────────────────────────────────────────────────────────

  /** Brings every stored open transaction one step further; answers how many are still in flight. */
  private async reconcile(): Promise<number> {
    const { latest, pending } = await this.signer.nonces();
    const reopened = await this.repository.reopenLost(this.key, latest);
    if (reopened > 0) {
      this.log.warn(
        { reopened, latestNonce: latest },
        'the chain lost mined transactions; sending them again',
      );
    }
    const open = await this.repository.openTxs(this.key);
    if (open.length === 0) return 0;
    const head = await this.signer.headBlock();
    let inFlight = 0;
    for (const tx of open) {
      const receipt = await this.signer.receipt(tx.txHashes as Hash[]);
      if (receipt) {
        if (head - receipt.blockNumber + 1n < BigInt(this.options.confirmations)) {
          inFlight += 1;
          continue;
        }
        // Nothing is recorded final that a crash could take back: the embedded chain saves its state through this
        // block first (one save covers every receipt of the pass; decision 0171).
        await this.signer.durable(receipt.blockNumber);
        if (receipt.status === 'success') {
          const confirmed = await this.repository.confirm(tx.id, receipt);
          this.log.info(
            { txHash: receipt.txHash, block: Number(receipt.blockNumber), deliveries: confirmed.length },
            'airdrop confirmed',
          );
        } else {
          const reason = await this.signer.revertReason(
            this.airdropOf(tx, await this.recipientsOf(tx)),
            receipt.blockNumber,
          );
          await this.repository.revert(tx.id, receipt, reason);
          this.log.error({ txHash: receipt.txHash, reason }, 'airdrop reverted on chain');
        }
        continue;
      }
      if (tx.nonce < latest) {
        await this.resolveDropped(tx);
        continue;
      }
      inFlight += 1;
      await this.keepMoving(tx, latest, pending);
    }
    return inFlight;
  }

  /** An open transaction the chain has not mined: send it (again), or replace it when stuck at the head. */
  private async keepMoving(tx: ChainTxRow, latest: number, pending: number): Promise<void> {
    const stuck =
      tx.status === 'broadcast' &&
      tx.nonce === latest &&
      tx.broadcastAt !== null &&
      Date.now() - tx.broadcastAt.getTime() > this.options.stuckAfterMs;
    if (stuck) {
      await this.replace(tx);
      return;
    }
    // A node that holds it already counts it in `pending`; after a node restart the mempool is empty.
    if (tx.status === 'signed' || tx.nonce >= pending) await this.broadcast(tx.id, tx.rawTx as Hex);
  }

  private async replace(tx: ChainTxRow): Promise<void> {
    const quote = await this.signer.fees();
    const bump = (old: string, now: bigint) => {
      const raised = (BigInt(old) * 1125n) / 1000n + 1n;
      return raised > now ? raised : now;
    };
    const maxPriorityFeePerGas = bump(tx.maxPriorityFeePerGas, quote.maxPriorityFeePerGas);
    const maxFeePerGas = bump(tx.maxFeePerGas, quote.maxFeePerGas);
    const recipients = await this.recipientsOf(tx);
    const signed = await this.signer.sign(this.airdropOf(tx, recipients), {
      nonce: tx.nonce,
      gas: BigInt(tx.gasLimit),
      maxFeePerGas: maxFeePerGas > maxPriorityFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
      maxPriorityFeePerGas,
    });
    await this.repository.recordReplacement(tx.id, {
      rawTx: signed.raw,
      txHash: signed.hash,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    this.log.warn({ nonce: tx.nonce, txHash: signed.hash }, 'stuck airdrop replaced with a higher fee');
    await this.broadcast(tx.id, signed.raw);
  }

  /**
   * None of our versions was mined at this nonce. Only they could have delivered these prizes — unless Hanabi
   * lost track of one, so the TransferSingle logs since signing decide: a mint to a recipient from a
   * transaction Hanabi does not know counts as delivered; everyone else is queued again.
   */
  private async resolveDropped(tx: ChainTxRow): Promise<void> {
    const riding = await this.repository.deliveriesOf(tx.id);
    const received = new Map<string, { txHash: string; blockNumber: bigint }>();
    if (riding.length > 0) {
      const seen = await this.signer.mintsTo(
        tx.contractAddress as HexAddress,
        BigInt(tx.tokenId),
        riding.map((item) => item.recipientAddress as HexAddress),
        BigInt(tx.signedAtBlock),
      );
      const known = await this.repository.knownHashes(seen.map((item) => item.txHash));
      const foreign = seen.filter((item) => !known.has(item.txHash) && item.value === BigInt(tx.amount));
      for (const item of riding) {
        const index = foreign.findIndex(
          (log) => log.to.toLowerCase() === item.recipientAddress.toLowerCase(),
        );
        if (index < 0) continue;
        const [log] = foreign.splice(index, 1);
        received.set(item.id, { txHash: log!.txHash, blockNumber: log!.blockNumber });
      }
    }
    await this.repository.drop(tx.id, received, this.options.maxAttempts);
    this.log.warn(
      { nonce: tx.nonce, requeued: riding.length - received.size, foundOnChain: received.size },
      'airdrop dropped: its nonce was used by another transaction',
    );
  }

  private async broadcast(txId: string, raw: Hex): Promise<void> {
    try {
      await this.signer.broadcast(raw);
      this.faults.afterBroadcast?.();
      await this.repository.markBroadcast(txId);
    } catch (error) {
      if (!(error instanceof ChainError)) throw error;
      // Whatever happened, the stored transaction stays: the next pass finds out whether it was mined.
      await this.repository.recordTxError(txId, error.message);
      if (error.kind !== 'permanent' && error.chainKind !== 'nonce') throw error;
      this.log.warn({ err: error, txId }, 'broadcast refused; the reconciler will look again');
    }
  }

  // ─── send ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async sendQueued(inFlight: number): Promise<number> {
    let sent = 0;
    while (inFlight + sent < this.maxInFlight) {
      const batch = await this.repository.nextBatch(this.options.batchSize);
      if (!batch) break;
      const contract = await this.tokenAddress();
      if (!contract) throw new ChainError('retryable', 'the token contract is not deployed yet');
      if (await this.sendBatch(contract as HexAddress, batch)) sent += 1;
    }
    return sent;
  }

  /** Simulate → size under the gas cap → sign with the next nonce → store → broadcast. */
  private async sendBatch(contract: HexAddress, batch: QueuedBatch): Promise<boolean> {
    let rows = batch.deliveries;
    const call = (list: typeof rows): AirdropCall => ({
      contract,
      recipients: list.map((row) => row.recipientAddress as HexAddress),
      tokenId: batch.tokenId,
      amount: batch.amount,
    });
    try {
      rows = await this.withoutRefused(call, rows);
      if (rows.length === 0) return false;
      let gas = await this.signer.estimateGas(call(rows));
      while (gas > BigInt(this.options.gasCap) && rows.length > 1) {
        rows = rows.slice(0, Math.ceil(rows.length / 2));
        gas = await this.signer.estimateGas(call(rows));
      }
      const gasLimit = minBig((gas * 125n) / 100n, BigInt(this.options.gasCap));
      const { pending } = await this.signer.nonces();
      const nonce = Math.max(pending, (await this.repository.highestNonce(this.key)) + 1);
      const [fees, head] = await Promise.all([this.signer.fees(), this.signer.headBlock()]);
      const signed = await this.signer.sign(call(rows), { nonce, gas: gasLimit, ...fees });
      const stored = await this.repository.recordSigned(
        this.key,
        {
          nonce,
          contractAddress: contract,
          tokenId: batch.tokenId,
          amount: batch.amount,
          rawTx: signed.raw,
          txHash: signed.hash,
          gasLimit,
          ...fees,
          signedAtBlock: Number(head),
        },
        rows.map((row) => row.id),
      );
      this.faults.afterStore?.();
      await this.broadcast(stored.id, signed.raw);
      return true;
    } catch (error) {
      if (error instanceof ChainError && error.kind !== 'permanent') {
        const attempt = Math.max(...rows.map((row) => row.attempts));
        const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
        await this.repository.backOff(
          rows.map((row) => row.id),
          error.message,
          delay,
        );
      }
      throw error;
    }
  }

  /**
   * Simulates the batch; when the contract refuses it, finds the recipients it refuses one by one, fails them
   * with the reason (never sent, never retried blindly) and answers the rest.
   */
  private async withoutRefused(
    call: (rows: QueuedBatch['deliveries']) => AirdropCall,
    rows: QueuedBatch['deliveries'],
  ): Promise<QueuedBatch['deliveries']> {
    try {
      await this.signer.simulate(call(rows));
      return rows;
    } catch (error) {
      if (!(error instanceof ChainError) || error.chainKind !== 'reverted') throw error;
      if (rows.length === 1) {
        await this.repository.fail([rows[0]!.id], error.revertReason ?? error.message);
        this.log.error(
          { deliveryId: rows[0]!.id, reason: error.revertReason },
          'delivery refused by the contract',
        );
        return [];
      }
      const accepted: QueuedBatch['deliveries'] = [];
      for (const row of rows) accepted.push(...(await this.withoutRefused(call, [row])));
      return accepted;
    }
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  private async recipientsOf(tx: ChainTxRow): Promise<HexAddress[]> {
    return (await this.repository.deliveriesOf(tx.id)).map((row) => row.recipientAddress as HexAddress);
  }

  private airdropOf(tx: ChainTxRow, recipients: HexAddress[]): AirdropCall {
    return {
      contract: tx.contractAddress as HexAddress,
      recipients,
      tokenId: BigInt(tx.tokenId),
      amount: BigInt(tx.amount),
    };
  }
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
