import type { AppConfig } from '../../config.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import type { FileStorage } from './storage.adapter.ts';

export * from './storage.adapter.ts';
export { createTusDataStore, readTusUpload } from './tus-datastore.ts';
export type { TusDataStore } from './tus-datastore.ts';

/** Files are served under this path by the server (always for the local folder; S3 without public URLs). */
export const FILES_ROUTE_PREFIX = '/files';

/** The configured file storage: the local folder (embedded) or S3-compatible buckets (production). */
export function createFileStorage(config: AppConfig): FileStorage {
  const fallbackUrl = `${config.publicOrigin}${FILES_ROUTE_PREFIX}`;
  if (config.files.kind === 'local') return new LocalFileStorage(config.files.dir, fallbackUrl);
  return new S3FileStorage({ ...config.files, fallbackUrl });
}
