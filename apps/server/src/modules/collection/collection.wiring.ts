import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { OgCardImages } from '../og-pages/index.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { CollectionPageService } from './collection-page.service.ts';
import { CollectionRepository } from './collection.repository.ts';
import { CollectionService, type ContractAddress, type WalletBalances } from './collection.service.ts';

/** A person's collection (deliveries, held claims, on-chain balances) and a token's crawler page. */
export function wireCollection(ports: {
  db: Db;
  storage: FileStorage;
  assets: AssetRepository;
  /** On-chain balances of a wallet (the token module). */
  wallets: WalletBalances;
  /** The token contract's address (the chain module). */
  contract: ContractAddress;
  ogImages: OgCardImages;
  publicOrigin: string;
  /** How long a wallet's on-chain holdings are reused (PUBLIC_READ_CACHE_MS). */
  holdingsMs: number;
}) {
  const repository = new CollectionRepository(ports.db);
  const collection = new CollectionService(
    repository,
    ports.assets,
    ports.storage,
    ports.wallets,
    ports.contract,
    ports.holdingsMs,
  );
  return {
    repositories: { collection: repository },
    services: {
      collection,
      collectionPages: new CollectionPageService(collection, ports.ogImages, {
        publicOrigin: ports.publicOrigin,
      }),
    },
  };
}
