/** Content-addressed storage for prize images and token metadata. */
export interface IpfsAddResult {
  /** CIDv1 (base32) of the UnixFS file. */
  cid: string;
  /** File size in bytes. */
  size: number;
}

export interface IpfsStat {
  cid: string;
  size: number;
}

export interface IpfsAdapter {
  readonly kind: 'embedded' | 'kubo';
  /** Imports and pins a file; the CID equals `ipfs add --cid-version=1` on a Kubo node. */
  add(
    content: Uint8Array | AsyncIterable<Uint8Array>,
    options?: { onProgress?: (bytes: number) => void },
  ): Promise<IpfsAddResult>;
  /** Size of a file, or null when this node does not have it. */
  stat(cid: string): Promise<IpfsStat | null>;
  /** Reads a file, optionally a byte range of it. */
  cat(cid: string, range?: { offset: number; length?: number }): AsyncIterable<Uint8Array>;
  /** True when this node keeps the file for good (Kubo: pinned recursively; the block store keeps all it adds). */
  isPinned(cid: string): Promise<boolean>;
  /** The public URL a browser can fetch the file from. */
  gatewayUrl(cid: string): string;
  close(): Promise<void>;
}

/**
 * The import parameters Kubo uses for `ipfs add --cid-version=1`: CIDv1, raw leaves, fixed 256 KiB chunks,
 * balanced DAG with at most 174 links per node. Kept in one place so every implementation agrees.
 */
export const KUBO_V1_IMPORT = {
  cidVersion: 1,
  rawLeaves: true,
  chunkSize: 262_144,
  maxChildrenPerNode: 174,
} as const;
