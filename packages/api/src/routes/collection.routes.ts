import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId } from '../string-primitives.ts';
import { UserSummary } from './account.routes.ts';
import { AssetRef } from './digital-goods.routes.ts';
import { PrizeState } from './delivery.routes.ts';

/** A token as anyone may see it, with its IPFS addresses. */
export const CollectedGoods = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: AssetRef.nullable(),
  animation: AssetRef.nullable(),
  tokenId: z.string().nullable(),
  supply: z.number().int(),
  /** `ipfs://<cid>` of the picture and of the ERC-1155 metadata; null until pinned. */
  imageUri: z.string().nullable(),
  imageGatewayUrl: z.string().nullable(),
  tokenUri: z.string().nullable(),
  metadataGatewayUrl: z.string().nullable(),
  streamer: UserSummary,
});
export type CollectedGoods = z.infer<typeof CollectedGoods>;

/** One prize a person got from Hanabi: a delivery to their wallet or a claim held for them. */
export const CollectionItem = z.object({
  /** The delivery or held claim id. */
  id: z.string(),
  goods: CollectedGoods,
  campaign: z.object({ id: z.string(), title: z.string() }).nullable(),
  source: z.enum(['draw', 'manual', 'admin']),
  /** Copies (uint256 as a decimal string). */
  amount: z.string(),
  state: PrizeState,
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  receivedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type CollectionItem = z.infer<typeof CollectionItem>;

/** What the person's wallet holds of one token id, read from chain. */
export const OnChainBalance = z.object({
  tokenId: z.string(),
  /** null when it could not be read (no wallet, no contract yet, chain unreachable). */
  balance: z.string().nullable(),
});

export const Collection = z.object({
  owner: UserSummary,
  /** The caller is the owner. */
  isOwner: z.boolean(),
  isPublic: z.boolean(),
  /** Newest first (at most 1000). */
  items: z.array(CollectionItem),
  balances: z.array(OnChainBalance),
  /** False when the chain could not be read: balances are then null; the list itself is still complete. */
  chainReachable: z.boolean(),
});
export type Collection = z.infer<typeof Collection>;

export const CollectionUserParams = z.object({ userId: entityId() });
export const CollectionItemParams = z.object({ id: entityId() });

/** `/collection/{id}`: one token (digital goods id), and what the caller holds of it. */
export const CollectionItemPage = z.object({
  goods: CollectedGoods,
  /** The caller's own prizes of this token (empty signed out). */
  mine: z.array(CollectionItem),
  /** How many wallets hold it on Hanabi's record (confirmed deliveries and operator writes; held prizes not yet). */
  holderCount: z.number().int(),
});
export type CollectionItemPage = z.infer<typeof CollectionItemPage>;

export const collectionRoutes = {
  getCollection: defineRoute({
    method: 'GET',
    path: '/api/collection/:userId',
    access: 'public',
    summary:
      'The goods a person got from Hanabi with delivery state and on-chain balances (others: only if made public)',
    params: CollectionUserParams,
    response: Collection,
  }),
  getCollectionItem: defineRoute({
    method: 'GET',
    path: '/api/collection/item/:id',
    access: 'public',
    summary: 'A published token (digital goods id): picture, IPFS links, and what the caller holds of it',
    params: CollectionItemParams,
    response: CollectionItemPage,
  }),
};
