import type { Delivery, HeldClaim, SignerTransaction } from '@hanabi/api';
import type { chainTx } from '../../db/schema.ts';
import type { DeliveryView, HeldClaimView } from './delivery.repository.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toDelivery(row: DeliveryView): Delivery {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    digitalGoodsId: row.digitalGoodsId,
    goodsName: row.goodsName,
    tokenId: row.tokenId,
    amount: Number(row.amount),
    recipientUserId: row.recipientUserId,
    recipientName: row.recipientName,
    recipientAddress: row.recipientAddress,
    campaignId: row.campaignId,
    manualDistributionId: row.manualDistributionId,
    txHash: row.txHash,
    blockNumber: row.blockNumber,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.status === 'confirmed' ? iso(row.confirmedAt) : null,
  };
}

export function toHeldClaim(row: HeldClaimView): HeldClaim {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    digitalGoodsId: row.digitalGoodsId,
    goodsName: row.goodsName,
    amount: Number(row.amount),
    platform: row.platform,
    platformUserId: row.platformUserId,
    displayName: row.displayName,
    userId: row.userId,
    deliveryId: row.deliveryId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSignerTransaction(row: typeof chainTx.$inferSelect): SignerTransaction {
  return {
    id: row.id,
    nonce: row.nonce,
    txHash: row.txHash,
    status: row.status,
    recipientCount: row.recipientCount,
    replacementCount: row.replacementCount,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}
