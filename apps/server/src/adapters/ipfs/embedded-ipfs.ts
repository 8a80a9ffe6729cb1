import fs from 'node:fs/promises';
import type { FsBlockstore } from 'blockstore-fs';
import { CID } from 'multiformats/cid';
import { importEmbeddedPart } from '../../lib/embedded-part.ts';
import { AdapterError } from '../adapter-error.ts';
import { KUBO_V1_IMPORT, type IpfsAdapter, type IpfsAddResult, type IpfsStat } from './ipfs.adapter.ts';

function parseCid(cid: string): CID {
  try {
    return CID.parse(cid);
  } catch (error) {
    throw new AdapterError('not-found', 'ipfs', `not a CID: ${cid}`, { cause: error });
  }
}

async function* withProgress(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onProgress?: (bytes: number) => void,
): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    onProgress?.(total);
    yield chunk;
  }
}

/** The embedded block store and UnixFS packages (devDependencies: a production install has Kubo instead). */
async function loadUnixFs() {
  const part = <T>(name: string, load: () => Promise<T>) => importEmbeddedPart(name, 'IPFS_RPC_URL', load);
  const [store, importer, chunker, layout, exporter] = await Promise.all([
    part('blockstore-fs', () => import('blockstore-fs')),
    part('ipfs-unixfs-importer', () => import('ipfs-unixfs-importer')),
    part('ipfs-unixfs-importer', () => import('ipfs-unixfs-importer/chunker')),
    part('ipfs-unixfs-importer', () => import('ipfs-unixfs-importer/layout')),
    part('ipfs-unixfs-exporter', () => import('ipfs-unixfs-exporter')),
  ]);
  return {
    FsBlockstore: store.FsBlockstore,
    importByteStream: importer.importByteStream,
    fixedSize: chunker.fixedSize,
    balanced: layout.balanced,
    exporter: exporter.exporter,
  };
}
type UnixFs = Awaited<ReturnType<typeof loadUnixFs>>;

/**
 * Embedded IPFS: a UnixFS importer/exporter over a block store on disk (`./data/ipfs`). Real content addressing
 * without a daemon or libp2p; files are served by the app's own `/ipfs/{cid}` gateway route.
 */
export class EmbeddedIpfs implements IpfsAdapter {
  readonly kind = 'embedded' as const;

  private constructor(
    private readonly blockstore: FsBlockstore,
    private readonly gatewayBase: string,
    private readonly unixfs: UnixFs,
  ) {}

  static async open(directory: string, gatewayBase: string): Promise<EmbeddedIpfs> {
    const unixfs = await loadUnixFs();
    await fs.mkdir(directory, { recursive: true });
    const blockstore = new unixfs.FsBlockstore(directory);
    await blockstore.open();
    return new EmbeddedIpfs(blockstore, gatewayBase.replace(/\/$/, ''), unixfs);
  }

  async add(
    content: Uint8Array | AsyncIterable<Uint8Array>,
    options: { onProgress?: (bytes: number) => void } = {},
  ): Promise<IpfsAddResult> {
    const source = content instanceof Uint8Array ? [content] : content;
    const { importByteStream, fixedSize, balanced } = this.unixfs;
    const result = await importByteStream(withProgress(source, options.onProgress), this.blockstore, {
      cidVersion: KUBO_V1_IMPORT.cidVersion,
      rawLeaves: KUBO_V1_IMPORT.rawLeaves,
      reduceSingleLeafToSelf: true,
      chunker: fixedSize({ chunkSize: KUBO_V1_IMPORT.chunkSize }),
      layout: balanced({ maxChildrenPerNode: KUBO_V1_IMPORT.maxChildrenPerNode }),
    });
    return { cid: result.cid.toString(), size: Number(result.size) };
  }

  async stat(cid: string): Promise<IpfsStat | null> {
    const parsed = parseCid(cid);
    if (!(await this.blockstore.has(parsed))) return null;
    const entry = await this.unixfs.exporter(parsed, this.blockstore, { offline: true });
    if (entry.type !== 'file' && entry.type !== 'raw') {
      throw new AdapterError('permanent', 'ipfs', `${cid} is a ${entry.type}, not a file`);
    }
    return { cid, size: Number(entry.size) };
  }

  /** Nothing is ever collected from the block store: what it has, it keeps. */
  async isPinned(cid: string): Promise<boolean> {
    return this.blockstore.has(parseCid(cid));
  }

  async *cat(cid: string, range?: { offset: number; length?: number }): AsyncIterable<Uint8Array> {
    const parsed = parseCid(cid);
    if (!(await this.blockstore.has(parsed)))
      throw new AdapterError('not-found', 'ipfs', `${cid} is not stored here`);
    const entry = await this.unixfs.exporter(parsed, this.blockstore, { offline: true });
    if (entry.type !== 'file' && entry.type !== 'raw') {
      throw new AdapterError('permanent', 'ipfs', `${cid} is a ${entry.type}, not a file`);
    }
    yield* entry.content({
      offline: true,
      ...(range ? { offset: range.offset } : {}),
      ...(range?.length !== undefined ? { length: range.length } : {}),
    });
  }

  gatewayUrl(cid: string): string {
    return `${this.gatewayBase}/ipfs/${cid}`;
  }

  async close(): Promise<void> {
    await this.blockstore.close();
  }
}
