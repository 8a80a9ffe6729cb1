import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { LIVE_PLATFORMS } from '../live-platform.ts';

/** A delivery row as the engine keeps it (operators' queues and counts). */
export const DELIVERY_STATUSES = ['queued', 'submitted', 'confirmed', 'failed', 'cancelled'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/**
 * Where a prize stands for the people it concerns (winners, campaign results, collections): held by Hanabi until
 * the person can receive it, then queued, submitted, delivered (confirmed on chain) or failed (failed or
 * cancelled). The one vocabulary outside the engine; `prizeStateOf` is the one reading of a delivery row in it.
 */
export const PRIZE_STATES = ['held', 'queued', 'submitted', 'delivered', 'failed'] as const;
export const PrizeState = z.enum(PRIZE_STATES);
export type PrizeState = z.infer<typeof PrizeState>;

export function prizeStateOf(status: DeliveryStatus): Exclude<PrizeState, 'held'> {
  switch (status) {
    case 'confirmed':
      return 'delivered';
    case 'cancelled':
      return 'failed';
    default:
      return status;
  }
}

export const DELIVERY_SOURCES = ['draw', 'manual', 'admin'] as const;
export const DeliverySource = z.enum(DELIVERY_SOURCES);
export type DeliverySource = z.infer<typeof DeliverySource>;

/** One prize on its way to one address (docs/design.md §8). */
export const Delivery = z.object({
  id: z.string(),
  source: DeliverySource,
  status: DeliveryStatus,
  digitalGoodsId: z.string().nullable(),
  goodsName: z.string().nullable(),
  /** uint256 as a decimal string. */
  tokenId: z.string(),
  amount: z.number().int(),
  recipientUserId: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientAddress: z.string(),
  campaignId: z.string().nullable(),
  manualDistributionId: z.string().nullable(),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

export const HELD_CLAIM_PLATFORMS = [...LIVE_PLATFORMS, 'hanabi'] as const;

/** A prize waiting for its recipient to link the identity it was won with, or to set a wallet. */
export const HeldClaim = z.object({
  id: z.string(),
  source: DeliverySource,
  status: z.enum(['held', 'released', 'cancelled']),
  digitalGoodsId: z.string(),
  goodsName: z.string().nullable(),
  amount: z.number().int(),
  platform: z.enum(HELD_CLAIM_PLATFORMS),
  platformUserId: z.string(),
  displayName: z.string().nullable(),
  userId: z.string().nullable(),
  deliveryId: z.string().nullable(),
  createdAt: z.string(),
});
export type HeldClaim = z.infer<typeof HeldClaim>;

/** How many deliveries are in each state, and prizes held. */
export const DeliveryCounts = z.object({
  queued: z.number().int(),
  submitted: z.number().int(),
  confirmed: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  held: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof DeliveryCounts>;

/** A transaction of the signer not yet final, as the operator sees it. */
export const SignerTransaction = z.object({
  id: z.string(),
  nonce: z.number().int(),
  txHash: z.string(),
  status: z.enum(['signed', 'broadcast', 'confirmed', 'reverted', 'dropped']),
  recipientCount: z.number().int(),
  replacementCount: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type SignerTransaction = z.infer<typeof SignerTransaction>;

const IdParams = z.object({ id: entityId() });

export const DeliveryQueueQuery = z.object({
  status: DeliveryStatus.optional(),
  cursor: text().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const DeliveryQueue = z.object({
  items: z.array(Delivery),
  nextCursor: z.string().nullable(),
  counts: DeliveryCounts,
  /** The signer's transactions still open (signed or broadcast, not final). */
  inFlight: z.array(SignerTransaction),
});
export type DeliveryQueue = z.infer<typeof DeliveryQueue>;

export const CampaignDistribution = z.object({
  items: z.array(Delivery),
  held: z.array(HeldClaim),
  counts: DeliveryCounts,
});
export type CampaignDistribution = z.infer<typeof CampaignDistribution>;

export const deliveryRoutes = {
  adminCampaignDistribution: defineRoute({
    method: 'GET',
    path: '/api/admin/campaign/:id/distribution',
    access: 'operator',
    summary: "A campaign's deliveries and held prizes (operators)",
    params: IdParams,
    query: z.object({
      userId: entityId().optional(),
      status: DeliveryStatus.optional(),
    }),
    response: CampaignDistribution,
  }),
  adminDeliveryQueue: defineRoute({
    method: 'GET',
    path: '/api/admin/delivery',
    access: 'operator',
    summary: 'The delivery queue: deliveries by state, newest first, and the transactions in flight',
    query: DeliveryQueueQuery,
    response: DeliveryQueue,
  }),
  adminDeliveryRetry: defineRoute({
    method: 'POST',
    path: '/api/admin/delivery/:id/retry',
    access: 'operator',
    summary: 'Queue a failed delivery again',
    params: IdParams,
    response: Delivery,
  }),
  adminDeliveryCancel: defineRoute({
    method: 'POST',
    path: '/api/admin/delivery/:id/cancel',
    access: 'operator',
    summary: 'Cancel a failed (or still queued) delivery',
    params: IdParams,
    response: Delivery,
  }),
};
