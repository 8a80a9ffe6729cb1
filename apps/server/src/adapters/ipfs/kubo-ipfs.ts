import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { AdapterError, kindForHttpStatus } from '../adapter-error.ts';
import { KUBO_V1_IMPORT, type IpfsAdapter, type IpfsAddResult, type IpfsStat } from './ipfs.adapter.ts';

function mapKuboError(error: unknown, action: string): AdapterError {
  const status = (error as { response?: { status?: number } }).response?.status;
  const message = (error as Error).message ?? String(error);
  if (status)
    return new AdapterError(kindForHttpStatus(status), 'ipfs', `${action}: ${message}`, { cause: error });
  if (/not found|no link named|block was not found/i.test(message)) {
    return new AdapterError('not-found', 'ipfs', `${action}: ${message}`, { cause: error });
  }
  // Connection refused, reset, timeouts: the node may come back.
  return new AdapterError('retryable', 'ipfs', `${action}: ${message}`, { cause: error });
}

/** Production IPFS: a Kubo node's RPC API (pins what it adds) and a public gateway for browsers. */
export class KuboIpfs implements IpfsAdapter {
  readonly kind = 'kubo' as const;
  private readonly client: KuboRPCClient;

  constructor(
    rpcUrl: string,
    private readonly gatewayBase: string,
  ) {
    this.client = create({ url: rpcUrl });
  }

  async add(
    content: Uint8Array | AsyncIterable<Uint8Array>,
    options: { onProgress?: (bytes: number) => void } = {},
  ): Promise<IpfsAddResult> {
    try {
      const result = await this.client.add(content, {
        cidVersion: KUBO_V1_IMPORT.cidVersion,
        rawLeaves: KUBO_V1_IMPORT.rawLeaves,
        chunker: `size-${KUBO_V1_IMPORT.chunkSize}`,
        pin: true,
        ...(options.onProgress ? { progress: (bytes: number) => options.onProgress?.(bytes) } : {}),
      });
      return { cid: result.cid.toString(), size: Number(result.size) };
    } catch (error) {
      throw mapKuboError(error, 'add');
    }
  }

  async stat(cid: string): Promise<IpfsStat | null> {
    try {
      const stat = await this.client.files.stat(`/ipfs/${cid}`, { withLocal: true });
      return { cid, size: Number(stat.size) };
    } catch (error) {
      const mapped = mapKuboError(error, 'stat');
      if (mapped.kind === 'not-found') return null;
      throw mapped;
    }
  }

  async *cat(cid: string, range?: { offset: number; length?: number }): AsyncIterable<Uint8Array> {
    try {
      yield* this.client.cat(cid, {
        ...(range ? { offset: range.offset } : {}),
        ...(range?.length !== undefined ? { length: range.length } : {}),
      });
    } catch (error) {
      throw mapKuboError(error, 'cat');
    }
  }

  async isPinned(cid: string): Promise<boolean> {
    try {
      for await (const pin of this.client.pin.ls({ paths: [cid] })) {
        if (pin.cid.toString() === cid && pin.type !== 'indirect') return true;
      }
      return false;
    } catch (error) {
      // Kubo answers "is not pinned" as an error: that is a no, not a failure.
      if (/not pinned/i.test((error as Error).message ?? '')) return false;
      throw mapKuboError(error, 'pin ls');
    }
  }

  gatewayUrl(cid: string): string {
    return `${this.gatewayBase.replace(/\/$/, '')}/ipfs/${cid}`;
  }

  async close(): Promise<void> {}
}
