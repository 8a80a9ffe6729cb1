import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage, TusDataStore } from '../../adapters/storage/index.ts';
import { AssetRepository } from './asset.repository.ts';
import { AssetService } from './asset.service.ts';
import { TusUploads } from './tus-uploads.ts';
import { uploadsCleanupJob } from './uploads.jobs.ts';

/** Uploads: one-request and tus (over the data store given), the `asset` rows, and the cleanup job. */
export function wireUploads(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  storage: FileStorage;
  tusDataStore: TusDataStore;
}) {
  const { config, log } = ports;
  const repository = new AssetRepository(ports.db);
  const assets = new AssetService(repository, ports.storage, config.uploads.maxBytes, log);
  const tusUploads = new TusUploads(ports.tusDataStore, assets, repository, log, config.publicOrigin);
  return {
    repositories: { assets: repository },
    services: { assets, tusUploads },
    jobs: [uploadsCleanupJob(tusUploads, config.housekeepingCron)],
  };
}
