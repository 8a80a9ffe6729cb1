import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  UPLOAD_IMAGE_LIMITS,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MEDIA_TYPES,
  type UploadKind,
  type UploadResult,
} from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import { SNIFF_BYTES, sniffMediaType } from '../../lib/media-type.ts';
import { IMAGE_HEADER_MAX_BYTES, RASTER_TYPES, imageBounds } from '../../lib/image-bounds.ts';
import { FrameCounter } from '../../lib/image-frames.ts';
import type { Logger } from '../../logger.ts';
import { chooseExtension, sanitizeFileName, storageBaseName } from './file-name.ts';
import type { AssetRepository, AssetRow } from './asset.repository.ts';
import { toUploadResult } from './asset.mapper.ts';

export interface StoreInput {
  ownerId: string;
  kind: UploadKind;
  /** The name the person gave the file (sanitised here). */
  fileName: string | undefined;
  body: Uint8Array | AsyncIterable<Uint8Array> | NodeJS.ReadableStream;
  /** The declared size; the bytes must match it. */
  size: number;
  /** The tus upload the bytes come from. */
  uploadId?: string;
}

export const tooLarge = (kind: UploadKind, limit: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${limit.toLocaleString('en-US')} bytes, the limit for ${kind} files.`,
  );

export const unsupportedType = (kind: UploadKind, mediaType: string) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `${mediaType} files cannot be uploaded as ${kind} files (allowed: ${UPLOAD_MEDIA_TYPES[kind].join(', ')}).`,
  );

const tooManyFrames = (frames: number, canvasPixels: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The animation has at least ${frames.toLocaleString('en-US')} frames of ${canvasPixels.toLocaleString('en-US')} pixels: at most ${UPLOAD_IMAGE_LIMITS.maxFrames.toLocaleString('en-US')} frames and ${UPLOAD_IMAGE_LIMITS.maxAnimationPixels.toLocaleString('en-US')} pixels across them.`,
    undefined,
    'imageTooManyFrames',
  );

/**
 * Stores uploaded files: the media type is sniffed from the first bytes (never the name or the client's claim)
 * and must be allowed for the kind; the bytes stream into the file storage under `{kind}/{uid}/{name}.{ext}`
 * while their SHA-256 is computed; then the asset row records owner, kind, key, type, size and hash.
 */
export class AssetService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly storage: FileStorage,
    private readonly maxBytes: Record<UploadKind, number>,
    private readonly log: Logger,
  ) {}

  limitFor(kind: UploadKind): number {
    return this.maxBytes[kind];
  }

  async store(input: StoreInput): Promise<AssetRow> {
    const limit = this.maxBytes[input.kind];
    if (input.size > limit) throw tooLarge(input.kind, limit);
    if (input.size === 0) throw new AppError('BAD_REQUEST', 'The file is empty.', undefined, 'fileEmpty');

    const source =
      input.body instanceof Uint8Array
        ? [input.body][Symbol.iterator]()
        : (input.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    const head: Uint8Array[] = [];
    let headLength = 0;
    while (headLength < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) break;
      const chunk = toBytes(next.value);
      head.push(chunk);
      headLength += chunk.length;
    }
    let headBytes = Buffer.concat(head);
    const mediaType = (await sniffMediaType(headBytes.subarray(0, SNIFF_BYTES))).split(';')[0]!.trim();
    if (!UPLOAD_MEDIA_TYPES[input.kind].includes(mediaType)) {
      await source.return?.(undefined);
      throw unsupportedType(input.kind, mediaType);
    }
    let canvasPixels = 0;
    if (RASTER_TYPES.has(mediaType)) {
      // The canvas its header announces, before anything decodes it (a decompression bomb): reading on as far
      // as the header needs, and no further than IMAGE_HEADER_MAX_BYTES.
      let bounds = imageBounds(headBytes);
      while (!bounds.ok && bounds.reason === 'unknown' && headBytes.length < IMAGE_HEADER_MAX_BYTES) {
        const next = await source.next();
        if (next.done) break;
        headBytes = Buffer.concat([headBytes, toBytes(next.value)]);
        bounds = imageBounds(headBytes);
      }
      if (!bounds.ok) {
        await source.return?.(undefined);
        throw bounds.reason === 'tooLarge'
          ? new AppError(
              'PAYLOAD_TOO_LARGE',
              `The image is ${bounds.width} × ${bounds.height} pixels: at most ${UPLOAD_IMAGE_LIMITS.maxSide} on a side and ${UPLOAD_IMAGE_LIMITS.maxPixels.toLocaleString('en-US')} in all.`,
              undefined,
              'imageTooLarge',
            )
          : new AppError(
              'BAD_REQUEST',
              'The image’s size could not be read from its header.',
              undefined,
              'imageUnreadable',
            );
      }
      canvasPixels = bounds.width * bounds.height;
    }
    // An animation's frames are spread through the file: counted as the bytes pass, refused at the first too many.
    const frames = new FrameCounter(mediaType);

    const id = crypto.randomUUID();
    const fileName = sanitizeFileName(input.fileName);
    const extension = chooseExtension(mediaType, fileName);
    const storageKey = `${input.kind}/${input.ownerId}/${storageBaseName(fileName)}-${id.slice(0, 8)}.${extension}`;

    const hash = crypto.createHash('sha256');
    let written = 0;
    async function* bytes(): AsyncGenerator<Uint8Array> {
      const take = (chunk: Uint8Array) => {
        written += chunk.length;
        if (written > limit) throw tooLarge(input.kind, limit);
        frames.push(chunk);
        if (
          frames.frames > UPLOAD_IMAGE_LIMITS.maxFrames ||
          frames.frames * canvasPixels > UPLOAD_IMAGE_LIMITS.maxAnimationPixels
        ) {
          throw tooManyFrames(frames.frames, canvasPixels);
        }
        hash.update(chunk);
        return chunk;
      };
      yield take(headBytes);
      for (let next = await source.next(); !next.done; next = await source.next()) {
        yield take(toBytes(next.value));
      }
    }
    try {
      await this.storage.put(storageKey, Readable.from(bytes()), {
        contentType: mediaType,
        size: input.size,
        cacheControl: 'public, max-age=31536000, immutable',
      });
      if (written !== input.size) {
        throw new AppError('BAD_REQUEST', `The file has ${written} bytes, not the ${input.size} announced.`);
      }
    } catch (error) {
      await source.return?.(undefined);
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    const row = await this.assets.insert({
      id,
      ownerId: input.ownerId,
      kind: input.kind,
      storageKey,
      fileName,
      mediaType,
      size: written,
      sha256: hash.digest('hex'),
      cid: null,
      uploadId: input.uploadId ?? null,
    });
    this.log.info({ assetId: id, kind: input.kind, mediaType, size: written }, 'file uploaded');
    return row;
  }

  toResult(row: AssetRow): UploadResult {
    return toUploadResult(row, this.storage);
  }

  /** The answer of a finished tus upload, to its owner only. */
  async resultOfUpload(ownerId: string, uploadId: string): Promise<UploadResult> {
    const row = await this.assets.findByUploadId(uploadId);
    if (!row || row.ownerId !== ownerId) throw notFound('uploadNotFound', 'No finished upload with this id.');
    return this.toResult(row);
  }

  /**
   * An asset a streamer references from goods or a campaign: theirs, of the right kind, and an image when the
   * field shows a picture. 422 otherwise, naming the field.
   */
  async requireUsable(
    ownerId: string,
    assetId: string,
    options: { field: string; kind: UploadKind; imageOnly: boolean },
  ): Promise<AssetRow> {
    const row = await this.assets.findOwned(ownerId, assetId);
    if (!row) {
      throw businessRule('fileNotYours', `${options.field}: no file of yours has this id.`, [
        { field: options.field, message: 'is not one of your uploaded files' },
      ]);
    }
    if (row.kind !== options.kind) {
      throw businessRule('fileWrongKind', `${options.field}: this file was uploaded as a ${row.kind} file.`, [
        { field: options.field, message: `must be a ${options.kind} upload` },
      ]);
    }
    if (options.imageOnly && !UPLOAD_IMAGE_TYPES.includes(row.mediaType)) {
      throw businessRule('fileNotImage', `${options.field}: this file is not an image.`, [
        { field: options.field, message: 'must be an image (png, jpeg, gif or webp)' },
      ]);
    }
    return row;
  }
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new Error('Upload body yielded something other than bytes');
}
