import { announceWinnerDeliveries } from './delivery-live-events.ts';
import { and, asc, eq, gte, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chainTx, delivery } from '../../db/schema.ts';
import { countDeliveries } from '../metrics/index.ts';
import { notifyDeliveriesConfirmed } from './delivery-notifications.ts';
import { sourcesReopened, type DeliverySource } from './delivery-source.ts';

export type ChainTxRow = typeof chainTx.$inferSelect;
export type DeliveryRow = typeof delivery.$inferSelect;

/** The signer whose transactions a repository call is about. */
export interface SignerKey {
  chainId: number;
  signer: string;
}

export interface QueuedBatch {
  tokenId: bigint;
  amount: bigint;
  deliveries: Array<{ id: string; recipientAddress: string; attempts: number }>;
}

export interface NewSignedTx {
  nonce: number;
  contractAddress: string;
  tokenId: bigint;
  amount: bigint;
  rawTx: string;
  txHash: string;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  signedAtBlock: number;
}

const OPEN = ['signed', 'broadcast'] as const;

/**
 * The delivery engine's state: the signer's stored transactions (`chain_tx`) and the deliveries riding on
 * them. Every state change that must happen together happens in one database transaction.
 */
export class ChainTxRepository {
  /** `sources`: the modules that decide deliveries, told in the same transaction when theirs finish. */
  constructor(
    private readonly db: Db,
    private readonly sources: readonly DeliverySource[],
  ) {}

  /**
   * The oldest due group of queued deliveries sharing a token id and amount (one airdrop carries one of each),
   * at most `limit` of them, oldest first.
   */
  async nextBatch(limit: number, now = new Date()): Promise<QueuedBatch | null> {
    const [head] = await this.db
      .select({ tokenId: delivery.tokenId, amount: delivery.amount })
      .from(delivery)
      .where(and(eq(delivery.status, 'queued'), lte(delivery.nextAttemptAt, now)))
      .orderBy(asc(delivery.nextAttemptAt), asc(delivery.createdAt))
      .limit(1);
    if (!head) return null;
    const rows = await this.db
      .select({ id: delivery.id, recipientAddress: delivery.recipientAddress, attempts: delivery.attempts })
      .from(delivery)
      .where(
        and(
          eq(delivery.status, 'queued'),
          eq(delivery.tokenId, head.tokenId),
          eq(delivery.amount, head.amount),
          lte(delivery.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(delivery.createdAt), asc(delivery.id))
      .limit(limit);
    return { tokenId: BigInt(head.tokenId), amount: BigInt(head.amount), deliveries: rows };
  }

  /** When the next queued delivery becomes due (after a back-off), or null when none is queued. */
  async nextDueAt(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<Date | string | null>`min(${delivery.nextAttemptAt})` })
      .from(delivery)
      .where(eq(delivery.status, 'queued'));
    return row?.at ? new Date(row.at) : null;
  }

  async openTxs(key: SignerKey): Promise<ChainTxRow[]> {
    return this.db
      .select()
      .from(chainTx)
      .where(and(this.ofSigner(key), inArray(chainTx.status, [...OPEN])))
      .orderBy(asc(chainTx.nonce));
  }

  /** The highest nonce a stored transaction still holds (signed, broadcast or mined), or -1. */
  async highestNonce(key: SignerKey): Promise<number> {
    const [row] = await this.db
      .select({ nonce: max(chainTx.nonce) })
      .from(chainTx)
      .where(and(this.ofSigner(key), sql`${chainTx.status} <> 'dropped'`));
    return row?.nonce === null || row?.nonce === undefined ? -1 : Number(row.nonce);
  }

  /**
   * Transactions recorded as mined at a nonce the chain has not reached were in blocks the chain lost (the
   * embedded chain restarted from an older state): they go back to `broadcast` so they are sent again.
   */
  async reopenLost(key: SignerKey, latestNonce: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const reopened = await tx
        .update(chainTx)
        .set({ status: 'broadcast', blockNumber: null, gasUsed: null, minedTxHash: null, finishedAt: null })
        .where(
          and(
            this.ofSigner(key),
            inArray(chainTx.status, ['confirmed', 'reverted']),
            gte(chainTx.nonce, latestNonce),
          ),
        )
        .returning({ id: chainTx.id });
      if (reopened.length === 0) return 0;
      // confirmed_at stays: it marks that the recipient was already told, so re-confirming does not notify again.
      const back = await tx
        .update(delivery)
        .set({ status: 'submitted', blockNumber: null, gasUsed: null, updatedAt: new Date() })
        .where(
          and(
            inArray(
              delivery.chainTxId,
              reopened.map((row) => row.id),
            ),
            inArray(delivery.status, ['confirmed', 'failed']),
          ),
        )
        .returning({ campaignId: delivery.campaignId, manualDistributionId: delivery.manualDistributionId });
      // Their sources are told in the same transaction: a batch is never "completed" with rows on their way.
      await sourcesReopened(this.sources, tx, back);
      return reopened.length;
    });
  }

  /** Stores a signed transaction and moves its deliveries to `submitted` — before anything is broadcast. */
  async recordSigned(
    key: SignerKey,
    signed: NewSignedTx,
    deliveryIds: readonly string[],
  ): Promise<ChainTxRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(chainTx)
        .values({
          id: crypto.randomUUID(),
          chainId: key.chainId,
          signer: key.signer,
          nonce: signed.nonce,
          contractAddress: signed.contractAddress,
          tokenId: signed.tokenId.toString(),
          amount: signed.amount.toString(),
          recipientCount: deliveryIds.length,
          rawTx: signed.rawTx,
          txHash: signed.txHash,
          txHashes: [signed.txHash],
          gasLimit: signed.gasLimit.toString(),
          maxFeePerGas: signed.maxFeePerGas.toString(),
          maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
          signedAtBlock: signed.signedAtBlock,
          status: 'signed',
        })
        .returning();
      const moved = await tx
        .update(delivery)
        .set({
          status: 'submitted',
          chainTxId: row!.id,
          txHash: signed.txHash,
          attempts: sql`${delivery.attempts} + 1`,
          updatedAt: new Date(),
        })
        .where(and(inArray(delivery.id, [...deliveryIds]), eq(delivery.status, 'queued')))
        .returning({ id: delivery.id });
      if (moved.length !== deliveryIds.length) {
        throw new Error(`only ${moved.length} of ${deliveryIds.length} deliveries were still queued`);
      }
      await announceWinnerDeliveries(tx, deliveryIds);
      return row!;
    });
  }

  async markBroadcast(id: string): Promise<void> {
    await this.db
      .update(chainTx)
      .set({
        status: sql`case when ${chainTx.status} = 'signed' then 'broadcast' else ${chainTx.status} end`,
        broadcastCount: sql`${chainTx.broadcastCount} + 1`,
        broadcastAt: sql`coalesce(${chainTx.broadcastAt}, now())`,
        lastError: null,
      })
      .where(eq(chainTx.id, id));
  }

  async recordTxError(id: string, message: string): Promise<void> {
    await this.db
      .update(chainTx)
      .set({ lastError: message.slice(0, 500) })
      .where(eq(chainTx.id, id));
  }

  /** A replacement (same nonce, higher fee) becomes the version to broadcast; earlier hashes stay searchable. */
  async recordReplacement(
    id: string,
    signed: { rawTx: string; txHash: string; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(chainTx)
        .set({
          rawTx: signed.rawTx,
          txHash: signed.txHash,
          txHashes: sql`array_append(${chainTx.txHashes}, ${signed.txHash})`,
          maxFeePerGas: signed.maxFeePerGas.toString(),
          maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
          replacementCount: sql`${chainTx.replacementCount} + 1`,
          broadcastAt: new Date(),
        })
        .where(eq(chainTx.id, id));
      await tx
        .update(delivery)
        .set({ txHash: signed.txHash, updatedAt: new Date() })
        .where(and(eq(delivery.chainTxId, id), eq(delivery.status, 'submitted')));
    });
  }

  /** Mined and deep enough: the transaction and its deliveries are confirmed; recipients are told once. */
  async confirm(
    id: string,
    receipt: { txHash: string; blockNumber: bigint; gasUsed: bigint },
  ): Promise<DeliveryRow[]> {
    const confirmed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chainTx)
        .set({
          status: 'confirmed',
          minedTxHash: receipt.txHash,
          blockNumber: Number(receipt.blockNumber),
          gasUsed: receipt.gasUsed.toString(),
          finishedAt: new Date(),
          lastError: null,
        })
        .where(and(eq(chainTx.id, id), inArray(chainTx.status, [...OPEN])))
        .returning();
      if (!row) return [];
      const share = receipt.gasUsed / BigInt(Math.max(1, row.recipientCount));
      const firstTime = await tx
        .select({ id: delivery.id })
        .from(delivery)
        .where(
          and(eq(delivery.chainTxId, id), eq(delivery.status, 'submitted'), isNull(delivery.confirmedAt)),
        );
      const confirmed = await tx
        .update(delivery)
        .set({
          status: 'confirmed',
          txHash: receipt.txHash,
          blockNumber: Number(receipt.blockNumber),
          gasUsed: share.toString(),
          confirmedAt: sql`coalesce(${delivery.confirmedAt}, now())`,
          lastError: null,
          updatedAt: new Date(),
        })
        .where(and(eq(delivery.chainTxId, id), eq(delivery.status, 'submitted')))
        .returning();
      const newIds = new Set(firstTime.map((item) => item.id));
      await notifyDeliveriesConfirmed(
        tx,
        confirmed.filter((item) => newIds.has(item.id)),
        confirmed,
        this.sources,
      );
      await announceWinnerDeliveries(
        tx,
        confirmed.map((item) => item.id),
      );
      return confirmed;
    });
    countDeliveries('confirmed', confirmed.length); // counted once committed
    return confirmed;
  }

  /** Mined but reverted: recorded with the reason; its deliveries fail and are not retried blindly. */
  async revert(
    id: string,
    receipt: { txHash: string; blockNumber: bigint; gasUsed: bigint },
    reason: string,
  ): Promise<DeliveryRow[]> {
    const reverted = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chainTx)
        .set({
          status: 'reverted',
          minedTxHash: receipt.txHash,
          blockNumber: Number(receipt.blockNumber),
          gasUsed: receipt.gasUsed.toString(),
          revertReason: reason,
          finishedAt: new Date(),
        })
        .where(and(eq(chainTx.id, id), inArray(chainTx.status, [...OPEN])))
        .returning();
      if (!row) return [];
      const failed = await tx
        .update(delivery)
        .set({
          status: 'failed',
          txHash: receipt.txHash,
          blockNumber: Number(receipt.blockNumber),
          lastError: `reverted: ${reason}`,
          updatedAt: new Date(),
        })
        .where(and(eq(delivery.chainTxId, id), eq(delivery.status, 'submitted')))
        .returning();
      await notifyDeliveriesConfirmed(tx, [], failed, this.sources);
      await announceWinnerDeliveries(
        tx,
        failed.map((item) => item.id),
      );
      return failed;
    });
    countDeliveries('reverted', reverted.length);
    return reverted;
  }

  /**
   * The chain gave this nonce to another transaction, so none of ours for it will be mined. Deliveries a
   * TransferSingle log shows as received anyway (`receivedBy`: delivery id → the foreign transaction) are
   * confirmed with it; the rest go back to the queue (or fail after too many tries).
   */
  async drop(
    id: string,
    receivedBy: Map<string, { txHash: string; blockNumber: bigint }>,
    maxAttempts: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chainTx)
        .set({ status: 'dropped', finishedAt: new Date() })
        .where(and(eq(chainTx.id, id), inArray(chainTx.status, [...OPEN])))
        .returning();
      if (!row) return;
      const riding = await tx
        .select()
        .from(delivery)
        .where(and(eq(delivery.chainTxId, id), eq(delivery.status, 'submitted')));
      const confirmed: DeliveryRow[] = [];
      for (const item of riding) {
        const seen = receivedBy.get(item.id);
        if (seen) {
          const [updated] = await tx
            .update(delivery)
            .set({
              status: 'confirmed',
              txHash: seen.txHash,
              blockNumber: Number(seen.blockNumber),
              confirmedAt: sql`coalesce(${delivery.confirmedAt}, now())`,
              updatedAt: new Date(),
            })
            .where(eq(delivery.id, item.id))
            .returning();
          if (updated && !item.confirmedAt) confirmed.push(updated);
          continue;
        }
        const givingUp = item.attempts >= maxAttempts;
        await tx
          .update(delivery)
          .set({
            status: givingUp ? 'failed' : 'queued',
            chainTxId: null,
            txHash: null,
            lastError: givingUp
              ? `gave up after ${item.attempts} attempts: its transactions were never mined`
              : 'its transaction was replaced on chain by another; queued again',
            nextAttemptAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(delivery.id, item.id));
      }
      await notifyDeliveriesConfirmed(tx, confirmed, confirmed, this.sources);
      await announceWinnerDeliveries(
        tx,
        riding.map((item) => item.id),
      );
    });
  }

  async deliveriesOf(txId: string): Promise<Array<{ id: string; recipientAddress: string }>> {
    return this.db
      .select({ id: delivery.id, recipientAddress: delivery.recipientAddress })
      .from(delivery)
      .where(and(eq(delivery.chainTxId, txId), eq(delivery.status, 'submitted')));
  }

  /** Which of these hashes belong to transactions Hanabi stored (any version). */
  async knownHashes(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await this.db
      .select({ hashes: chainTx.txHashes })
      .from(chainTx)
      .where(sql`${chainTx.txHashes} && ${sql.param([...hashes])}::text[]`);
    const wanted = new Set(hashes);
    return new Set(rows.flatMap((row) => row.hashes.filter((hash) => wanted.has(hash))));
  }

  /** Deliveries the contract refuses (simulated): failed with the reason, never sent. */
  async fail(ids: readonly string[], reason: string): Promise<void> {
    if (ids.length === 0) return;
    const refused = await this.db.transaction(async (tx) => {
      const failed = await tx
        .update(delivery)
        .set({ status: 'failed', lastError: reason.slice(0, 500), updatedAt: new Date() })
        .where(and(inArray(delivery.id, [...ids]), eq(delivery.status, 'queued')))
        .returning();
      await notifyDeliveriesConfirmed(tx, [], failed, this.sources);
      await announceWinnerDeliveries(
        tx,
        failed.map((item) => item.id),
      );
      return failed.length;
    });
    countDeliveries('refused', refused);
  }

  /** Deliveries that could not be sent for a passing reason (RPC down): tried again after `delayMs`. */
  async backOff(ids: readonly string[], reason: string, delayMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(delivery)
      .set({
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + delayMs),
        updatedAt: new Date(),
      })
      .where(and(inArray(delivery.id, [...ids]), eq(delivery.status, 'queued')));
  }

  private ofSigner(key: SignerKey) {
    return and(eq(chainTx.chainId, key.chainId), eq(chainTx.signer, key.signer));
  }
}
