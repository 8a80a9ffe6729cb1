import crypto from 'node:crypto';
import { Server } from '@tus/server';
import type { DataStore, Upload } from '@tus/utils';
import {
  UPLOAD_ASSET_ID_HEADER,
  UPLOAD_KINDS,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_TUS_PATH,
  UploadQuery,
  type UploadKind,
} from '@hanabi/api';
import { readTusUpload } from '../../adapters/storage/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository } from './asset.repository.ts';
import { tooLarge, unsupportedType, type AssetService } from './asset.service.ts';
import { errorBody } from './tus-errors.ts';

/** Set by the route on the request it hands to tus (any value the client sent is dropped first). */
export const TUS_OWNER_HEADER = 'x-hanabi-upload-owner';
/** Upload ids the naming function makes; anything else in a URL is refused before it reaches a store. */
export const TUS_UPLOAD_ID = /^[0-9a-f]{32}$/;

export type UploadState =
  | { state: 'unknown' }
  | { state: 'foreign' }
  | { state: 'inFlight' }
  | { state: 'finished'; size: number; assetId: string };

/**
 * Resumable uploads over tus 1.0.0 (`@tus/server`): a file store in the data folder (embedded) or S3 multipart
 * uploads (production). Creation checks kind, claimed type and size; when the last byte arrives the upload is
 * sniffed, hashed and moved into the file storage like a one-request upload, and the final PATCH answers the
 * `UploadResult` as JSON.
 */
export class TusUploads {
  readonly server: Server;

  constructor(
    private readonly datastore: DataStore,
    private readonly assets: AssetService,
    private readonly assetRows: AssetRepository,
    private readonly log: Logger,
    publicOrigin: string,
  ) {
    const options: ConstructorParameters<typeof Server>[0] = {
      path: UPLOAD_TUS_PATH,
      datastore,
      relativeLocation: true,
      // Same-origin only: the web app is served from the public origin (tus would otherwise answer `*`).
      allowedOrigins: [publicOrigin],
      maxSize: Math.max(...UPLOAD_KINDS.map((kind) => assets.limitFor(kind))),
      namingFunction: () => crypto.randomBytes(16).toString('hex'),
      onUploadCreate: (request, upload) => this.onCreate(request.headers.get(TUS_OWNER_HEADER), upload),
      onUploadFinish: async (_request, upload) => this.onFinish(upload),
      onResponseError: (_request, error) => {
        if (error instanceof AppError) return { status_code: error.statusCode, body: errorBody(error) };
        if ('status_code' in error) return undefined; // tus protocol errors keep their status
        this.log.error({ err: error }, 'resumable upload failed');
        return {
          status_code: 500,
          body: errorBody(
            new AppError('INTERNAL', 'Something went wrong on our side. Please try again later.'),
          ),
        };
      },
    };
    this.server = new Server(options);
  }

  /** Whose upload an id is, and whether it already finished (its data then lives in the file storage). */
  async stateOf(ownerId: string, uploadId: string): Promise<UploadState> {
    if (!TUS_UPLOAD_ID.test(uploadId)) return { state: 'unknown' };
    const finished = await this.assetRows.findByUploadId(uploadId);
    if (finished) {
      return finished.ownerId === ownerId
        ? { state: 'finished', size: finished.size, assetId: finished.id }
        : { state: 'foreign' };
    }
    let upload: Upload;
    try {
      upload = await this.datastore.getUpload(uploadId);
    } catch {
      return { state: 'unknown' };
    }
    return upload.metadata?.owner === ownerId ? { state: 'inFlight' } : { state: 'foreign' };
  }

  private async onCreate(ownerId: string | null, upload: Upload) {
    if (!ownerId) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    const metadata = upload.metadata ?? {};
    const kind = metadata.kind;
    if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind)) {
      throw new AppError('VALIDATION_FAILED', 'Upload-Metadata needs kind = campaign or digitalgoods.', [
        { field: 'metadata.kind', message: 'must be campaign or digitalgoods' },
      ]);
    }
    const uploadKind = kind as UploadKind;
    // The same rule as the one-request upload's `name`: a file name, no folders, no control characters.
    if (metadata.filename != null && !UploadQuery.shape.name.safeParse(metadata.filename).success) {
      throw new AppError('VALIDATION_FAILED', 'Upload-Metadata filename must be a file name, not a path.', [
        { field: 'metadata.filename', message: 'must be a file name, not a path' },
      ]);
    }
    const claimed = metadata.filetype?.split(';')[0]?.trim().toLowerCase();
    if (claimed && !UPLOAD_MEDIA_TYPES[uploadKind].includes(claimed))
      throw unsupportedType(uploadKind, claimed);
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw new AppError('BAD_REQUEST', 'Send Upload-Length: uploads of unknown length are not accepted.');
    }
    const limit = this.assets.limitFor(uploadKind);
    if (upload.size > limit) throw tooLarge(uploadKind, limit);
    if (upload.size === 0) throw new AppError('BAD_REQUEST', 'The file is empty.', undefined, 'fileEmpty');
    return { metadata: { ...metadata, owner: ownerId } };
  }

  private async onFinish(upload: Upload) {
    const metadata = upload.metadata ?? {};
    try {
      const row = await this.assets.store({
        ownerId: metadata.owner!,
        kind: metadata.kind as UploadKind,
        fileName: metadata.filename ?? undefined,
        body: await readTusUpload(this.datastore, upload.id),
        size: upload.size!,
        uploadId: upload.id,
      });
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', [UPLOAD_ASSET_ID_HEADER]: row.id },
        body: JSON.stringify(this.assets.toResult(row)),
      };
    } finally {
      // Stored or refused, the bytes in flight are no longer needed.
      await this.datastore.remove(upload.id).catch((error: unknown) => {
        this.log.warn({ err: error, uploadId: upload.id }, 'could not remove a finished tus upload');
      });
    }
  }

  /** Drops unfinished uploads past their expiry (both stores support it). */
  async cleanUpExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }
}
