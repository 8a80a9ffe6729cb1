import { prizeStateOf } from '@hanabi/api';
import type { Collection, CollectedGoods, CollectionItem, CollectionItemPage } from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { ReadCache } from '../../http/read-cache.ts';
import type { SessionUser } from '../../http/session.ts';
import { toUserSummary } from '../account/index.ts';
import { assetRefOf } from '../digital-goods/index.ts';
import type { AssetRepository, AssetRow } from '../uploads/index.ts';
import type { CollectedRow, CollectionRepository, GoodsRow, UserRow } from './collection.repository.ts';

/** The collection is capped: a person with more prizes than this sees the newest ones. */
export const COLLECTION_MAX_ITEMS = 1000;

/** What the collection needs of the chain: the wallet's balances (never failing: see TokenService.holdingsOf). */
export interface WalletBalances {
  holdingsOf(address: string | null): Promise<{
    holdings: { tokenId: string; balance: string | null }[];
    chainReachable: boolean;
  }>;
  gatewayUrlFor(uri: string): string | null;
  /** Wallets holding the token on Hanabi's record (the same record as the wallet's "Hanabi record"). */
  holderCount(tokenId: string): Promise<number>;
}

export interface ContractAddress {
  tokenAddress(): Promise<string | null>;
}

/**
 * A person's collection: the prizes Hanabi delivered or holds for them, and what their wallet holds on chain.
 * Only the owner sees it, unless they made it public; to anyone else a private collection does not exist (404).
 */
export class CollectionService {
  constructor(
    private readonly collection: CollectionRepository,
    private readonly assets: AssetRepository,
    private readonly storage: FileStorage,
    private readonly wallets: WalletBalances,
    private readonly contract: ContractAddress,
    /** How long a wallet's on-chain holdings are reused (PUBLIC_READ_CACHE_MS; 0 in tests). */
    holdingsMs = 0,
  ) {
    this.holdings = new ReadCache('walletHoldings', { ttlMs: holdingsMs, maxEntries: 5000 });
  }

  /**
   * Chain reads are the slow part of a collection: one per wallet and few seconds, shared by parallel asks;
   * the contract's address (a settings row) is read with them rather than on every request.
   */
  private readonly holdings: ReadCache<
    Awaited<ReturnType<WalletBalances['holdingsOf']>> & { contract: string | null }
  >;

  async get(session: SessionUser | null, userId: string): Promise<Collection> {
    const owner = await this.collection.findUser(userId);
    const isOwner = Boolean(session?.userId && session.userId === userId);
    if (!owner || (!isOwner && (!owner.collectionPublic || owner.suspendedAt))) {
      throw notFound('collectionNotFound', 'No collection to show for this person.');
    }
    const rows = await this.collection.itemsOf(userId, COLLECTION_MAX_ITEMS);
    const [items, chain] = await Promise.all([this.present(rows), this.balances(owner, rows)]);
    return {
      owner: toUserSummary(owner),
      isOwner,
      isPublic: owner.collectionPublic,
      items,
      balances: chain.balances,
      chainReachable: chain.chainReachable,
    };
  }

  async item(session: SessionUser | null, goodsId: string): Promise<CollectionItemPage> {
    const found = await this.collection.findGoods(goodsId);
    if (!found || found.goods.status !== 'published' || found.streamer.suspendedAt) {
      throw notFound('tokenNotFound', 'No published token with this id.');
    }
    const [mineRows, holderCount, assets] = await Promise.all([
      session?.userId ? this.collection.itemsOf(session.userId, COLLECTION_MAX_ITEMS, goodsId) : [],
      found.goods.tokenId ? this.wallets.holderCount(found.goods.tokenId) : 0,
      this.assetsOf([found.goods]),
    ]);
    return {
      goods: this.goodsOf(found.goods, found.streamer, assets),
      mine: await this.present(mineRows),
      holderCount,
    };
  }

  private async balances(owner: UserRow, rows: CollectedRow[]) {
    const tokenIds = [
      ...new Set(rows.map((row) => row.goods.tokenId).filter((id): id is string => id !== null)),
    ];
    if (tokenIds.length === 0 || !owner.walletAddress) {
      return { balances: tokenIds.map((tokenId) => ({ tokenId, balance: null })), chainReachable: true };
    }
    const address = owner.walletAddress;
    const { holdings, chainReachable, contract } = (
      await this.holdings.get(address, async () => {
        const [chain, contract] = await Promise.all([
          this.wallets.holdingsOf(address),
          this.contract.tokenAddress(),
        ]);
        return { ...chain, contract };
      })
    ).value!;
    const held = new Map(holdings.map((holding) => [holding.tokenId, holding.balance]));
    // Holdings leave out ids the wallet has none of, so a readable chain with a contract means zero.
    const known = chainReachable && contract !== null;
    return {
      balances: tokenIds.map((tokenId) => ({ tokenId, balance: held.get(tokenId) ?? (known ? '0' : null) })),
      chainReachable,
    };
  }

  private async present(rows: CollectedRow[]): Promise<CollectionItem[]> {
    // One query for the page's files (joining them into the item queries measured slower: wider rows, a
    // bigger plan for the embedded database).
    const assets = await this.assetsOf(rows.map((row) => row.goods));
    return rows.map((row) => {
      const goods = this.goodsOf(row.goods, row.streamer, assets);
      if (row.kind === 'held') {
        return {
          id: row.claim.id,
          goods,
          campaign: row.campaign,
          source: row.claim.source,
          amount: row.claim.amount,
          state: 'held',
          txHash: null,
          blockNumber: null,
          receivedAt: row.claim.createdAt.toISOString(),
          confirmedAt: null,
        };
      }
      const { delivery } = row;
      return {
        id: delivery.id,
        goods,
        campaign: row.campaign,
        source: delivery.source,
        amount: delivery.amount,
        state: prizeStateOf(delivery.status),
        txHash: delivery.txHash,
        blockNumber: delivery.blockNumber,
        receivedAt: delivery.createdAt.toISOString(),
        confirmedAt: delivery.confirmedAt?.toISOString() ?? null,
      };
    });
  }

  private async assetsOf(goods: GoodsRow[]): Promise<Map<string, AssetRow>> {
    const ids = [...new Set(goods.flatMap((row) => [row.imageAssetId, row.animationAssetId]))].filter(
      (id): id is string => id !== null,
    );
    const rows = await this.assets.findByIds(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  private goodsOf(row: GoodsRow, streamer: UserRow, assets: Map<string, AssetRow>): CollectedGoods {
    const imageUri = row.imageCid ? `ipfs://${row.imageCid}` : null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      image: assetRefOf(row.imageAssetId, assets, this.storage),
      animation: assetRefOf(row.animationAssetId, assets, this.storage),
      tokenId: row.tokenId,
      supply: row.supply,
      imageUri,
      imageGatewayUrl: imageUri ? this.wallets.gatewayUrlFor(imageUri) : null,
      tokenUri: row.tokenUri,
      metadataGatewayUrl: row.tokenUri ? this.wallets.gatewayUrlFor(row.tokenUri) : null,
      streamer: toUserSummary(streamer),
    };
  }
}
