import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { AppConfig } from '../../config.ts';
import { s3ClientConfig } from './s3-storage.ts';

/** Unfinished resumable uploads are dropped after this long. */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;

/** Where tus keeps an upload's parts while it is resumed. */
export type TusDataStore = DataStore;

/**
 * Where the tus server keeps uploads while they are in flight: a folder (embedded) or the asset bucket as S3
 * multipart uploads (production). Finished uploads are moved into the file storage and removed from here.
 */
export function createTusDataStore(config: AppConfig): DataStore {
  if (config.files.kind === 'local') {
    return new FileStore({
      directory: config.uploads.tusDir,
      expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
    });
  }
  return new S3Store({
    // 8 MiB parts: the S3 minimum is 5 MiB; the tus client's chunks may be any size.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
    s3ClientConfig: { bucket: config.files.bucket, ...s3ClientConfig(config.files) },
  });
}

/** Reads a finished upload's bytes (both stores can; the DataStore base type does not say so). */
export async function readTusUpload(store: DataStore, id: string): Promise<NodeJS.ReadableStream> {
  const reader = (
    store as unknown as { read(id: string): NodeJS.ReadableStream | Promise<NodeJS.ReadableStream> }
  ).read;
  if (typeof reader !== 'function') throw new Error('This tus data store cannot read uploads back');
  return reader.call(store, id);
}
