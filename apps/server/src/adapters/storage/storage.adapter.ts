import type { Readable } from 'node:stream';

/** What a stored object is, as far as serving it needs. */
export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
  /** The media type it was stored with, when the store keeps one. */
  contentType: string | undefined;
}

/**
 * The file storage: uploaded assets under `{kind}/{uid}/{name}.{ext}` and public images under `ogp/{name}.png`.
 * The embedded implementation is a local folder; production uses S3-compatible buckets (public images may go
 * to their own bucket). Keys are validated by `assertStorageKey` before they reach a store.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key, replacing what was there. `size` is required for streams. */
  put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType: string; size: number; cacheControl?: string },
  ): Promise<void>;
  /** The bytes (optionally an inclusive byte range), or null when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches the object. */
  publicUrl(key: string): string;
}

/** Public images (Open Graph) live under this prefix, in the public bucket. */
export const PUBLIC_PREFIX = 'ogp/';

const KEY_SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;

/**
 * A storage key is 1–8 segments of letters, digits, `.`, `_` and `-`, each starting with a letter or digit:
 * no empty segments, no `..`, no absolute paths, no backslashes or control characters.
 */
export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => KEY_SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
}

/** The URL path of a key under a base URL, each segment percent-encoded. */
export function keyUrl(base: string, key: string): string {
  return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
