import type { IpfsUploadResponse, TokenMetadata } from '@hanabi/api';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import { isAdapterError } from '../../adapters/adapter-error.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Lazy } from '../../lib/lazy.ts';
import { SNIFF_BYTES, sniffMediaType } from '../../lib/media-type.ts';
import type { Logger } from '../../logger.ts';
import type { Requester, TokenService, TokenWriteResult } from './tokens.service.ts';

export interface PinnedJson {
  cid: string;
  uri: string;
  gatewayUrl: string;
}

/**
 * Token assets on IPFS: files operators upload (images, animations) and ERC-1155 metadata JSON, pinned and
 * addressed as `ipfs://<cid>`. Publishing goods reuses `pinFile`, `pinJson` and `setTokenMetadata`.
 */
export class TokenAssetService {
  constructor(
    private readonly ipfs: Lazy<IpfsAdapter>,
    private readonly tokens: TokenService,
    private readonly options: { uploadMaxBytes: number },
    private readonly log: Logger,
  ) {}

  get uploadMaxBytes(): number {
    return this.options.uploadMaxBytes;
  }

  /**
   * Pins a file given as bytes or as a stream (a request body), refusing more than the upload limit (413) and
   * empty files (400); the media type is sniffed from the first bytes.
   */
  async pinFile(content: Uint8Array | AsyncIterable<Uint8Array>): Promise<IpfsUploadResponse> {
    const maxBytes = this.options.uploadMaxBytes;
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let total = 0;
    let tooLarge = false;
    async function* measured(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          tooLarge = true;
          throw new Error('upload too large');
        }
        if (headBytes < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - headBytes);
          head.push(part);
          headBytes += part.byteLength;
        }
        yield chunk;
      }
    }
    const ipfs = await this.ipfsStore();
    let added: { cid: string };
    try {
      added = await ipfs.add(measured(content instanceof Uint8Array ? [content] : content));
    } catch (error) {
      if (tooLarge) throw tooLargeError(maxBytes);
      throw this.ipfsError(error);
    }
    if (total === 0) throw badRequest('The file is empty.', undefined, 'fileEmpty');
    return {
      cid: added.cid,
      // The file's own size (the adapter's `size` counts the whole DAG, as Kubo's add does, for multi-block files).
      size: total,
      uri: `ipfs://${added.cid}`,
      gatewayUrl: ipfs.gatewayUrl(added.cid),
      mediaType: await sniffMediaType(Buffer.concat(head)),
    };
  }

  /** Pins a JSON document (UTF-8, as serialised) and answers its `ipfs://` URI. */
  async pinJson(value: unknown): Promise<PinnedJson> {
    const ipfs = await this.ipfsStore();
    try {
      const { cid } = await ipfs.add(new TextEncoder().encode(JSON.stringify(value)));
      return { cid, uri: `ipfs://${cid}`, gatewayUrl: ipfs.gatewayUrl(cid) };
    } catch (error) {
      throw this.ipfsError(error);
    }
  }

  /** Pins ERC-1155 metadata JSON and sets `uri(tokenId)` to `ipfs://<its cid>`. */
  async setTokenMetadata(
    tokenId: bigint,
    metadata: TokenMetadata,
    requestedBy: Requester,
  ): Promise<TokenWriteResult & { uri: string; metadataCid: string }> {
    const pinned = await this.pinJson(metadata);
    const written = await this.tokens.setTokenUri(tokenId, pinned.uri, requestedBy);
    return { ...written, uri: pinned.uri, metadataCid: pinned.cid };
  }

  private async ipfsStore(): Promise<IpfsAdapter> {
    try {
      return await this.ipfs.get();
    } catch (error) {
      throw this.ipfsError(error);
    }
  }

  private ipfsError(error: unknown): AppError {
    if (error instanceof AppError) return error;
    this.log.error({ err: error }, 'IPFS call failed');
    return new AppError(
      'UNAVAILABLE',
      isAdapterError(error, 'rate-limited')
        ? 'IPFS is busy; try again in a moment.'
        : 'IPFS is not reachable; try again.',
    );
  }
}

export function tooLargeError(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${maxBytes} bytes, the upload limit (IPFS_UPLOAD_MAX_BYTES).`,
  );
}
