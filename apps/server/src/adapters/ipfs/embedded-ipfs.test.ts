import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import * as dagPb from '@ipld/dag-pb';
import { FsBlockstore } from 'blockstore-fs';
import { EmbeddedIpfs } from './embedded-ipfs.ts';
import { isAdapterError } from '../adapter-error.ts';

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function readBlock(dir: string, cid: CID): Promise<Uint8Array> {
  const store = new FsBlockstore(dir);
  await store.open();
  try {
    return await collect(store.get(cid));
  } finally {
    await store.close();
  }
}

describe('embedded IPFS', () => {
  let dir: string;
  let ipfs: EmbeddedIpfs;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-ipfs-'));
    ipfs = await EmbeddedIpfs.open(dir, 'http://localhost:3000/');
  });
  afterAll(async () => {
    await ipfs.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  // Known answers: what `ipfs add --cid-version=1` prints on a Kubo node for these bytes.
  it.each([
    ['hello world', 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'],
    ['', 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku'],
  ])('gives %j the CID Kubo gives it', async (text, expected) => {
    const result = await ipfs.add(new TextEncoder().encode(text));
    expect(result.cid).toBe(expected);
    expect(result.size).toBe(Buffer.byteLength(text));
  });

  it('chunks large files like Kubo: 256 KiB raw leaves under one dag-pb root', async () => {
    const content = crypto.randomBytes(262_144 * 2 + 1000);
    let progress = 0;
    const result = await ipfs.add(content, { onProgress: (bytes) => (progress = bytes) });
    expect(progress).toBe(content.length);
    const root = CID.parse(result.cid);
    expect(root.version).toBe(1);
    expect(root.code).toBe(dagPb.code);

    const node = dagPb.decode(await readBlock(dir, root));
    expect(node.Links).toHaveLength(3);
    const chunks = [
      content.subarray(0, 262_144),
      content.subarray(262_144, 524_288),
      content.subarray(524_288),
    ];
    node.Links.forEach((link, index) => {
      expect(link.Hash.code).toBe(0x55); // raw leaf
      expect(link.Tsize).toBe(chunks[index]!.length);
      const digest = crypto.createHash('sha256').update(chunks[index]!).digest();
      expect(Buffer.from(link.Hash.multihash.digest).equals(digest)).toBe(true);
    });

    expect((await collect(ipfs.cat(result.cid))).equals(content)).toBe(true);
    expect(await ipfs.stat(result.cid)).toEqual({ cid: result.cid, size: content.length });
  });

  it('reads byte ranges, across chunk boundaries too', async () => {
    const content = crypto.randomBytes(600_000);
    const { cid } = await ipfs.add(content);
    const range = await collect(ipfs.cat(cid, { offset: 262_000, length: 1_000 }));
    expect(range.equals(content.subarray(262_000, 263_000))).toBe(true);
    const tail = await collect(ipfs.cat(cid, { offset: 599_990 }));
    expect(tail.equals(content.subarray(599_990))).toBe(true);
  });

  it('keeps content across a reopen of the block store', async () => {
    const { cid } = await ipfs.add(new TextEncoder().encode('persisted'));
    const reopened = await EmbeddedIpfs.open(dir, 'http://localhost:3000');
    try {
      expect((await collect(reopened.cat(cid))).toString()).toBe('persisted');
    } finally {
      await reopened.close();
    }
  });

  it('says not-found for unknown or malformed CIDs', async () => {
    const unknown = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    expect(await ipfs.stat(unknown)).toBeNull();
    await expect(collect(ipfs.cat(unknown))).rejects.toSatisfy((error) => isAdapterError(error, 'not-found'));
    await expect(ipfs.stat('not-a-cid')).rejects.toSatisfy((error) => isAdapterError(error, 'not-found'));
  });

  it('counts what it has as pinned (the doctor asks), and nothing else', async () => {
    // The doctor's probe bytes (modules/doctor ipfs.check.ts): the CID the Kubo stand-in of its tests answers too.
    const { cid } = await ipfs.add(new TextEncoder().encode('hanabi doctor probe v1\n'));
    expect(cid).toBe('bafkreif6n27jrs7cpomfctncv6n63nuhx4od7d3wwniovo2nfdnxvkd4za');
    expect(await ipfs.isPinned(cid)).toBe(true);
    expect(await ipfs.isPinned('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).toBe(false);
  });

  it('builds gateway URLs from its base', () => {
    expect(ipfs.gatewayUrl('bafy123')).toBe('http://localhost:3000/ipfs/bafy123');
  });
});
