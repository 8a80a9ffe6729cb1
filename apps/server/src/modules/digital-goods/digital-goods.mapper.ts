import type { DigitalGoods } from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AssetRow } from '../uploads/index.ts';
import { toAssetRef } from '../uploads/index.ts';
import type { DigitalGoodsRow } from './digital-goods.repository.ts';

export function assetRefOf(id: string | null, assets: Map<string, AssetRow>, storage: FileStorage) {
  const row = id ? assets.get(id) : undefined;
  return row ? toAssetRef(row, storage) : null;
}

/** The one place a goods row becomes what the client sees. */
export function toDigitalGoods(
  row: DigitalGoodsRow,
  assets: Map<string, AssetRow>,
  reserved: number,
  storage: FileStorage,
): DigitalGoods {
  return {
    id: row.id,
    userId: row.streamerId,
    name: row.name,
    description: row.description,
    image: assetRefOf(row.imageAssetId, assets, storage),
    animation: assetRefOf(row.animationAssetId, assets, storage),
    supply: row.supply,
    reserved,
    remaining: Math.max(0, row.supply - reserved),
    status: row.status,
    hidden: row.hidden,
    tokenId: row.tokenId,
    imageCid: row.imageCid,
    metadataCid: row.metadataCid,
    tokenUri: row.tokenUri,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
