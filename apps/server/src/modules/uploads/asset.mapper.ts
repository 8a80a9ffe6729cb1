import type { AssetRef, UploadResult } from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AssetRow } from './asset.repository.ts';

function extensionOfKey(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** An asset row as the upload answer (rows never go over the wire unmapped). */
export function toUploadResult(row: AssetRow, storage: FileStorage): UploadResult {
  return {
    id: row.id,
    kind: row.kind,
    downloadUrl: storage.publicUrl(row.storageKey),
    fileExtention: extensionOfKey(row.storageKey),
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: row.size,
    sha256: row.sha256,
    storageKey: row.storageKey,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An asset as referenced from digital goods and campaigns. */
export function toAssetRef(row: AssetRow, storage: FileStorage): AssetRef {
  return {
    id: row.id,
    url: storage.publicUrl(row.storageKey),
    mediaType: row.mediaType,
    fileExtention: extensionOfKey(row.storageKey),
  };
}
