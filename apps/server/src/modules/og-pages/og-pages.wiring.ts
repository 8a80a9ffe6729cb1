import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AppConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { OgCardImages } from './og-card-images.ts';
import { OgCardRenderer } from './og-card-renderer.ts';

/** Cards waiting for the card worker at most; more are asked for again by a later crawler. */
const MAX_QUEUED_CARDS = 64;

/** The crawler pages' card pictures (`ogp/{name}.png`), drawn once in the card worker and kept in file storage. */
export function wireOgPages(ports: {
  storage: FileStorage;
  assets: AssetRepository;
  config: Pick<AppConfig, 'publicOrigin' | 'ogCards'>;
  log: Logger;
}) {
  const { ogCards } = ports.config;
  const renderer = new OgCardRenderer({
    timeoutMs: ogCards.renderTimeoutMs,
    heapMb: ogCards.workerHeapMb,
    maxQueued: MAX_QUEUED_CARDS,
  });
  const ogImages = new OgCardImages(
    ports.storage,
    renderer,
    ports.assets,
    { publicOrigin: ports.config.publicOrigin, waitMs: ogCards.waitMs },
    ports.log,
  );
  return { services: { ogImages } };
}
