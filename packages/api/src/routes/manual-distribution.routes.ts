import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { DeliveryCounts } from './delivery.routes.ts';
import { LIVE_PLATFORMS } from '../live-platform.ts';

export const MANUAL_DISTRIBUTION_LIMITS = {
  /** Rows in one distribution. */
  maxRows: 5000,
  /** Copies to one recipient in one row. */
  maxAmount: 1000,
  recipientMax: 200,
} as const;

/**
 * One row of a distribution list. `recipient` is a Hanabi user id, a wallet address (0x…), a YouTube channel id
 * (UC…), or a TwitCasting user id; prefixes `user:`, `wallet:`, `youtube:`, `twitcasting:` make the kind explicit.
 */
export const DistributionRow = z.object({
  recipient: text().trim().min(1).max(MANUAL_DISTRIBUTION_LIMITS.recipientMax),
  amount: z.number().int().min(1).max(MANUAL_DISTRIBUTION_LIMITS.maxAmount).default(1),
});
export type DistributionRow = z.input<typeof DistributionRow>;

export const ManualDistributionBody = z.object({
  digitalGoodsId: entityId(),
  distributionList: z.array(DistributionRow).min(1).max(MANUAL_DISTRIBUTION_LIMITS.maxRows),
});
export type ManualDistributionBody = z.input<typeof ManualDistributionBody>;

export const RECIPIENT_KINDS = ['user', 'wallet', ...LIVE_PLATFORMS] as const;
export const RecipientKind = z.enum(RECIPIENT_KINDS);
export type RecipientKind = z.infer<typeof RecipientKind>;

/**
 * What a row will do: `deliver` to an address now, `hold` until the person links that identity or sets a
 * wallet, `duplicate` of an earlier row (skipped), or `invalid` (the reason says why; nothing is sent).
 */
export const PreviewOutcome = z.enum(['deliver', 'hold', 'duplicate', 'invalid']);
export type PreviewOutcome = z.infer<typeof PreviewOutcome>;

export const PreviewRow = z.object({
  /** 0-based index in `distributionList`. */
  row: z.number().int(),
  recipient: z.string(),
  kind: RecipientKind.nullable(),
  amount: z.number().int(),
  outcome: PreviewOutcome,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  address: z.string().nullable(),
  /** For duplicates, the row it repeats; for invalid rows, why. */
  duplicateOf: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const ManualDistributionPreview = z.object({
  digitalGoodsId: z.string(),
  goodsName: z.string(),
  rows: z.array(PreviewRow),
  deliverCount: z.number().int(),
  holdCount: z.number().int(),
  duplicateCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Copies this distribution uses (deliver + hold). */
  totalAmount: z.number().int(),
  /** Copies of the goods still free before this distribution. */
  remainingSupply: z.number().int(),
  /** False when totalAmount > remainingSupply, or any row is invalid. */
  canSend: z.boolean(),
});
export type ManualDistributionPreview = z.infer<typeof ManualDistributionPreview>;

export const ManualDistribution = z.object({
  id: z.string(),
  digitalGoodsId: z.string(),
  goodsName: z.string(),
  status: z.enum(['delivering', 'completed']),
  rowCount: z.number().int(),
  deliveryCount: z.number().int(),
  heldCount: z.number().int(),
  totalAmount: z.number().int(),
  counts: DeliveryCounts,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ManualDistribution = z.infer<typeof ManualDistribution>;

export const ManualDistributionRowState = z.object({
  row: z.number().int(),
  recipient: z.string(),
  name: z.string().nullable(),
  /** `held` until released; then the delivery's state. */
  status: z.enum(['held', 'queued', 'submitted', 'confirmed', 'failed', 'cancelled']),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type ManualDistributionRowState = z.infer<typeof ManualDistributionRowState>;

export const ManualDistributionDetail = z.object({
  distribution: ManualDistribution,
  rows: z.array(ManualDistributionRowState),
});
export type ManualDistributionDetail = z.infer<typeof ManualDistributionDetail>;

export const manualDistributionRoutes = {
  manualDistributionPreview: defineRoute({
    method: 'POST',
    path: '/api/manual-distribution/preview',
    access: 'streamer',
    summary: 'Dry run: who each row resolves to, who will be held, duplicates, and the supply check',
    body: ManualDistributionBody,
    response: ManualDistributionPreview,
  }),
  manualDistributionCreate: defineRoute({
    method: 'POST',
    path: '/api/manual-distribution',
    access: 'streamer',
    summary:
      'Distribute your published goods to a list of recipients (optional Idempotency-Key header: a replay answers the first result)',
    body: ManualDistributionBody,
    response: ManualDistributionDetail,
    successStatus: 201,
  }),
  manualDistributionList: defineRoute({
    method: 'GET',
    path: '/api/manual-distribution',
    access: 'streamer',
    summary: 'Your manual distributions, newest first',
    query: z.object({
      cursor: text().max(500).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    response: z.object({ items: z.array(ManualDistribution), nextCursor: z.string().nullable() }),
  }),
  manualDistributionGet: defineRoute({
    method: 'GET',
    path: '/api/manual-distribution/:id',
    access: 'streamer',
    summary: 'One of your manual distributions with the state of every row',
    params: z.object({ id: entityId() }),
    response: ManualDistributionDetail,
  }),
};
