import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import { deployTokenCommand } from './deploy-token.command.ts';
import { startChain, type HexAddress } from '../adapters/chain/index.ts';
import { openIpfs, type IpfsAdapter } from '../adapters/ipfs/index.ts';
import { testConfig } from '../test/test-context.ts';
import { createLogger } from '../logger.ts';

async function readIpfs(ipfs: IpfsAdapter, uri: string): Promise<Buffer> {
  const cid = /^ipfs:\/\/(.+)$/.exec(uri)?.[1];
  expect(cid, `${uri} is an ipfs:// URI`).toBeDefined();
  const parts: Uint8Array[] = [];
  for await (const part of ipfs.cat(cid!)) parts.push(part);
  return Buffer.concat(parts);
}

// The embedded data folder a first start or `npm run deploy-token` fills: PGlite, anvil's state and the block store.
describe('deploy-token gives the token its ERC-7572 collection metadata', () => {
  const config = testConfig({ HANABI_DEMO: '0' });
  const log = createLogger(config);
  afterAll(async () => {
    const fs = await import('node:fs/promises');
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('pins the collection JSON and its picture, sets contractURI() — and a second run leaves both as they are', async () => {
    const first = await deployTokenCommand(config, log);
    expect(first.contractUri).toMatch(/^ipfs:\/\/baf/);
    const second = await deployTokenCommand(config, log);
    expect(second.token).toBe(first.token);
    expect(second.contractUri).toBe(first.contractUri);

    // Read back the way a wallet does: contractURI() on the chain, then the JSON and the image from IPFS.
    const chain = await startChain(config);
    const ipfs = await openIpfs(config);
    try {
      const onChain = await chain.publicClient.readContract({
        address: first.token as HexAddress,
        abi: hanabiTokenAbi,
        functionName: 'contractURI',
      });
      expect(onChain).toBe(first.contractUri);
      const metadata = JSON.parse((await readIpfs(ipfs, onChain)).toString('utf8')) as Record<string, string>;
      expect(metadata).toEqual({
        name: 'Hanabi',
        description: expect.stringContaining('live streamers'),
        image: expect.stringMatching(/^ipfs:\/\/baf/),
        external_link: config.publicOrigin,
      });
      const image = await readIpfs(ipfs, metadata.image!);
      expect(image.subarray(1, 4).toString('ascii')).toBe('PNG');
    } finally {
      await Promise.all([chain.close(), ipfs.close()]);
    }
  });
});
