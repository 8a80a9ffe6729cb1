import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../db/cache-bus.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import type { OgCardImages } from '../og-pages/index.ts';
import type { AssetRepository, AssetService } from '../uploads/index.ts';
import { CampaignPageService } from './campaign-page.service.ts';
import { CampaignReads } from './campaign-reads.ts';
import { campaignStatusJob } from './campaign.jobs.ts';
import { CampaignRepository } from './campaign.repository.ts';
import { CampaignService } from './campaign.service.ts';

/** Campaigns: rules, cached public reads (invalidated across processes), the crawler page and the status job. */
export function wireCampaigns(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  storage: FileStorage;
  cacheBus: CacheBus | null;
  assetRows: AssetRepository;
  assets: AssetService;
  digitalGoods: DigitalGoodsRepository;
  ogImages: OgCardImages;
}) {
  const { config } = ports;
  const repository = new CampaignRepository(ports.db);
  const campaigns = new CampaignService(
    repository,
    ports.digitalGoods,
    ports.assetRows,
    ports.assets,
    ports.storage,
    ports.log,
  );
  const campaignReads = new CampaignReads(campaigns, repository, ports.cacheBus, {
    ttlMs: config.http.publicReadCacheMs,
  });
  campaigns.onChange((id) => campaignReads.changed(id));
  const campaignPages = new CampaignPageService(
    campaigns,
    repository,
    ports.digitalGoods,
    ports.ogImages,
    campaignReads,
    { publicOrigin: config.publicOrigin },
  );
  return {
    repositories: { campaigns: repository },
    services: { campaigns, campaignReads, campaignPages },
    jobs: [campaignStatusJob(repository, config.campaigns.statusCron)],
  };
}
