import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { OgCardImages } from './og-card-images.ts';
import { OgImageRenderer } from './og-image.ts';

/** The crawler pages' card pictures (`ogp/{name}.png`), drawn once and kept in file storage. */
export function wireOgPages(ports: {
  storage: FileStorage;
  assets: AssetRepository;
  publicOrigin: string;
  log: Logger;
}) {
  const ogImages = new OgCardImages(
    ports.storage,
    new OgImageRenderer(),
    ports.assets,
    ports.publicOrigin,
    ports.log,
  );
  return { services: { ogImages } };
}
