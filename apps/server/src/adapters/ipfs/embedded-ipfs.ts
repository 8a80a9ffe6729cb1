import fs from 'node:fs/promises';
import { FsBlockstore } from 'blockstore-fs';
import { importByteStream } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import { exporter } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
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

/**
 * Embedded IPFS: a UnixFS importer/exporter over a block store on disk (`./data/ipfs`). Real content addressing
 * without a daemon or libp2p; files are served by the app's own `/ipfs/{cid}` gateway route.
 */
export class EmbeddedIpfs implements IpfsAdapter {
  readonly kind = 'embedded' as const;

  private constructor(
    private readonly blockstore: FsBlockstore,
    private readonly gatewayBase: string,
  ) {}

  static async open(directory: string, gatewayBase: string): Promise<EmbeddedIpfs> {
    await fs.mkdir(directory, { recursive: true });
    const blockstore = new FsBlockstore(directory);
    await blockstore.open();
    return new EmbeddedIpfs(blockstore, gatewayBase.replace(/\/$/, ''));
  }

  async add(
    content: Uint8Array | AsyncIterable<Uint8Array>,
    options: { onProgress?: (bytes: number) => void } = {},
  ): Promise<IpfsAddResult> {
    const source = content instanceof Uint8Array ? [content] : content;
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
    const entry = await exporter(parsed, this.blockstore, { offline: true });
    if (entry.type !== 'file' && entry.type !== 'raw') {
      throw new AdapterError('permanent', 'ipfs', `${cid} is a ${entry.type}, not a file`);
    }
    return { cid, size: Number(entry.size) };
  }

  async *cat(cid: string, range?: { offset: number; length?: number }): AsyncIterable<Uint8Array> {
    const parsed = parseCid(cid);
    if (!(await this.blockstore.has(parsed)))
      throw new AdapterError('not-found', 'ipfs', `${cid} is not stored here`);
    const entry = await exporter(parsed, this.blockstore, { offline: true });
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
