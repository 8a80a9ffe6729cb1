import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../db/cache-bus.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage, TusDataStore } from '../../adapters/storage/index.ts';
import { wireUploads } from '../uploads/index.ts';
import { wireDigitalGoods, type GoodsPublisher } from '../digital-goods/index.ts';
import { wireCampaigns } from '../campaigns/index.ts';
import { wireOgPages } from '../og-pages/index.ts';

/**
 * The making side (issue [Goods & campaigns]) composed from its modules' wire functions: uploads → digital
 * goods → campaigns and their crawler pages, plus their jobs. The file storage and tus store come from the
 * composition root, which creates each outside client once.
 */
export function wireGoodsAndCampaigns(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  storage: FileStorage;
  tusDataStore: TusDataStore;
  /** Puts published goods on chain (the goods-on-chain module). */
  goodsPublisher: GoodsPublisher;
  /** Cross-process invalidation of the public read caches. */
  cacheBus: CacheBus | null;
}) {
  const { config, db, log, storage } = ports;
  const uploads = wireUploads(ports);
  const assetRows = uploads.repositories.assets;
  const { assets } = uploads.services;
  const digitalGoods = wireDigitalGoods({
    db,
    log,
    storage,
    assetRows,
    assets,
    goodsPublisher: ports.goodsPublisher,
  });
  const og = wireOgPages({ storage, assets: assetRows, config, log });
  const campaigns = wireCampaigns({
    config,
    db,
    log,
    storage,
    cacheBus: ports.cacheBus,
    assetRows,
    assets,
    digitalGoods: digitalGoods.repositories.digitalGoods,
    ogImages: og.services.ogImages,
  });
  return {
    repositories: { ...uploads.repositories, ...digitalGoods.repositories, ...campaigns.repositories },
    services: { ...uploads.services, ...digitalGoods.services, ...campaigns.services, ...og.services },
    jobs: [...campaigns.jobs, ...uploads.jobs],
  };
}

export type GoodsAndCampaigns = ReturnType<typeof wireGoodsAndCampaigns>;
