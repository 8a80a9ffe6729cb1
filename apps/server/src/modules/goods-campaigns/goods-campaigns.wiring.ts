import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createFileStorage, createTusDataStore, type FileStorage } from '../../adapters/storage/index.ts';
import { AssetRepository } from '../uploads/index.ts';
import { AssetService } from '../uploads/index.ts';
import { TusUploads } from '../uploads/index.ts';
import { uploadsCleanupJob } from '../uploads/index.ts';
import { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { DigitalGoodsService } from '../digital-goods/index.ts';
import type { GoodsPublisher } from '../digital-goods/index.ts';
import { CampaignRepository } from '../campaigns/index.ts';
import { CampaignService } from '../campaigns/index.ts';
import { CampaignPageService } from '../campaigns/index.ts';
import { campaignStatusJob } from '../campaigns/index.ts';
import { CampaignReads } from '../campaigns/index.ts';
import type { CacheBus } from '../../db/cache-bus.ts';
import { OgImageRenderer } from '../og-pages/index.ts';
import { OgCardImages } from '../og-pages/index.ts';

/**
 * The wiring of the making side (issue [Goods & campaigns]): file storage → uploads → digital goods →
 * campaigns and their crawler pages, plus their jobs. container.ts spreads these into its own lists.
 */
export function wireGoodsAndCampaigns(options: {
  config: AppConfig;
  db: Db;
  log: Logger;
  /** Puts published goods on chain (the chain work plugs its implementation in here). */
  goodsPublisher: GoodsPublisher;
  /** Cross-process invalidation of the public read caches. */
  cacheBus: CacheBus | null;
}) {
  const { config, db, log } = options;
  const storage: FileStorage = createFileStorage(config);
  const repositories = {
    assets: new AssetRepository(db),
    digitalGoods: new DigitalGoodsRepository(db),
    campaigns: new CampaignRepository(db),
  };
  const assets = new AssetService(repositories.assets, storage, config.uploads.maxBytes, log);
  const tusUploads = new TusUploads(
    createTusDataStore(config),
    assets,
    repositories.assets,
    log,
    config.publicOrigin,
  );
  const digitalGoods = new DigitalGoodsService(
    repositories.digitalGoods,
    repositories.assets,
    assets,
    storage,
    options.goodsPublisher,
    log,
  );
  const campaigns = new CampaignService(
    repositories.campaigns,
    repositories.digitalGoods,
    repositories.assets,
    assets,
    storage,
    log,
  );
  const campaignReads = new CampaignReads(campaigns, repositories.campaigns, options.cacheBus, {
    ttlMs: config.http.publicReadCacheMs,
  });
  campaigns.onChange((id) => campaignReads.changed(id));
  const ogImages = new OgCardImages(
    storage,
    new OgImageRenderer(),
    repositories.assets,
    config.publicOrigin,
    log,
  );
  const campaignPages = new CampaignPageService(
    campaigns,
    repositories.campaigns,
    repositories.digitalGoods,
    ogImages,
    campaignReads,
    { publicOrigin: config.publicOrigin },
  );
  return {
    storage,
    repositories,
    services: { assets, tusUploads, digitalGoods, campaigns, campaignReads, campaignPages, ogImages },
    jobs: [
      campaignStatusJob(repositories.campaigns, config.campaigns.statusCron),
      uploadsCleanupJob(tusUploads, config.housekeepingCron),
    ],
  };
}

export type GoodsAndCampaigns = ReturnType<typeof wireGoodsAndCampaigns>;
