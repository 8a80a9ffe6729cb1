import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import type { OgCardImages } from '../og-pages/index.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { StreamerPageService } from './streamer-page.service.ts';
import { StreamerRepository } from './streamer.repository.ts';
import { StreamerService } from './streamer.service.ts';

/** The streamer directory, profiles and follows, and a profile's crawler page. */
export function wireStreamers(ports: {
  db: Db;
  storage: FileStorage;
  campaigns: CampaignService;
  assets: AssetRepository;
  ogImages: OgCardImages;
  publicOrigin: string;
}) {
  const repository = new StreamerRepository(ports.db);
  const streamers = new StreamerService(repository, ports.campaigns, ports.assets, ports.storage);
  return {
    repositories: { streamers: repository },
    services: {
      streamers,
      streamerPages: new StreamerPageService(streamers, ports.ogImages, { publicOrigin: ports.publicOrigin }),
    },
  };
}
