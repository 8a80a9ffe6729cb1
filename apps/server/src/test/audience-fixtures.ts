import crypto from 'node:crypto';
import { delivery, heldClaim } from '../db/schema.ts';
import type { TestContext } from './test-context.ts';

/**
 * Rows the delivery engine writes, made directly (the audience side only reads them): a delivery of goods to a
 * person, or a claim held for them.
 */
export async function insertDelivery(
  ctx: TestContext,
  values: {
    goodsId: string;
    tokenId: string;
    userId: string | null;
    address?: string;
    status?: 'queued' | 'submitted' | 'confirmed' | 'failed' | 'cancelled';
    campaignId?: string | null;
    source?: 'draw' | 'manual' | 'admin';
    createdAt?: Date;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const status = values.status ?? 'confirmed';
  await ctx.container.database.db.insert(delivery).values({
    id,
    idempotencyKey: `test:${id}`,
    source: values.source ?? 'draw',
    digitalGoodsId: values.goodsId,
    tokenId: values.tokenId,
    amount: '1',
    recipientUserId: values.userId,
    recipientAddress: values.address ?? `0x${crypto.randomBytes(20).toString('hex')}`,
    campaignId: values.campaignId ?? null,
    status,
    txHash: status === 'confirmed' ? `0x${crypto.randomBytes(32).toString('hex')}` : null,
    blockNumber: status === 'confirmed' ? 42 : null,
    confirmedAt: status === 'confirmed' ? new Date() : null,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
  return id;
}

export async function insertHeldClaim(
  ctx: TestContext,
  values: { goodsId: string; tokenId: string; userId: string | null; campaignId?: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.container.database.db.insert(heldClaim).values({
    id,
    source: 'manual',
    digitalGoodsId: values.goodsId,
    tokenId: values.tokenId,
    amount: '2',
    platform: 'hanabi',
    platformUserId: values.userId ?? crypto.randomUUID(),
    userId: values.userId,
    campaignId: values.campaignId ?? null,
    sourceRef: `test:${id}`,
    status: 'held',
  });
  return id;
}
