import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AdapterError, kindForHttpStatus } from '../adapter-error.ts';
import {
  assertStorageKey,
  keyUrl,
  PUBLIC_PREFIX,
  type FileStorage,
  type StoredObjectInfo,
} from './storage.adapter.ts';

export interface S3StorageOptions {
  bucket: string;
  publicBucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public base URLs of the buckets; unset = served through the server's `/files/*` route (`fallbackUrl`). */
  assetUrl: string | undefined;
  publicUrl: string | undefined;
  fallbackUrl: string;
}

export function s3ClientConfig(
  options: Pick<S3StorageOptions, 'region' | 'endpoint' | 'forcePathStyle' | 'credentials'>,
) {
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: streamed bodies then go as plain requests with a Content-Length,
    // which every S3-compatible service accepts (aws-chunked trailers are not universally supported).
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
}

function mapError(error: unknown): never {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 500;
    throw new AdapterError(kindForHttpStatus(status), 'S3', `${error.name} (${status})`, { cause: error });
  }
  throw new AdapterError('retryable', 'S3', (error as Error).message ?? 'request failed', { cause: error });
}

/** Production file storage: an S3-compatible bucket for assets, and one (possibly the same) for `ogp/` images. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client(s3ClientConfig(options));
  }

  private bucketOf(key: string): string {
    assertStorageKey(key);
    return key.startsWith(PUBLIC_PREFIX) ? this.options.publicBucket : this.options.bucket;
  }

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType: string; size: number; cacheControl?: string },
  ): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucketOf(key),
          Key: key,
          Body: body,
          ContentType: options.contentType,
          ContentLength: options.size,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
        }),
      );
    } catch (error) {
      mapError(error);
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucketOf(key),
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body;
      if (!body) return Readable.from([]);
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    } catch (error) {
      if (isMissing(error)) return null;
      mapError(error);
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucketOf(key), Key: key }));
      return {
        size: head.ContentLength ?? 0,
        modifiedAt: head.LastModified ?? new Date(0),
        contentType: head.ContentType,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      mapError(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucketOf(key), Key: key }));
    } catch (error) {
      if (isMissing(error)) return;
      mapError(error);
    }
  }

  publicUrl(key: string): string {
    const base = key.startsWith(PUBLIC_PREFIX) ? this.options.publicUrl : this.options.assetUrl;
    return keyUrl(base ?? this.options.fallbackUrl, key);
  }

  close(): void {
    this.client.destroy();
  }
}
