import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hanabiTokenAbi } from '@hanabi/token';
import { seedDemo } from './demo-seed.ts';
import type { HexAddress } from '../adapters/chain/index.ts';
import { delivery, digitalGoods } from '../db/schema.ts';
import { createTestContext, primaryBackend, type TestContext } from '../test/test-context.ts';
import { bearerHeaders, signInByEmail } from '../test/auth-helpers.ts';

/** Polls until the worker's publish jobs have put every seeded goods on chain (or the deadline passes). */
async function until<T>(probe: () => Promise<T | null>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the demo seed publishes its goods the way a streamer does', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), {
      workers: true,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every seeded token answers uri(id) with EIP-1155 metadata on IPFS, and the token page lists every delivered token', async () => {
    await seedDemo(ctx.container);
    const { db } = ctx.container.database;
    const published = await until(async () => {
      const rows = await db.select().from(digitalGoods).where(eq(digitalGoods.status, 'published'));
      return rows.length > 0 && rows.every((row) => row.tokenUri) ? rows : null;
    }, 'the seeded goods on chain');
    expect(published).toHaveLength(2);

    const chain = await ctx.container.adapters.chain.get();
    const address = (await ctx.container.services.chain.tokenAddress()) as HexAddress;
    for (const goods of published) {
      const uri = await chain.publicClient.readContract({
        address,
        abi: hanabiTokenAbi,
        functionName: 'uri',
        args: [BigInt(goods.tokenId!)],
      });
      expect(uri).toMatch(/^ipfs:\/\/baf/);
      expect(uri).toBe(goods.tokenUri);
      const metadata = await ctx.app.inject({ method: 'GET', url: `/ipfs/${uri.slice('ipfs://'.length)}` });
      expect(metadata.statusCode).toBe(200);
      const json = metadata.json<{ name: string; description: string; image: string }>();
      expect(json).toMatchObject({ name: goods.name, description: goods.description });
      expect(json.image).toMatch(/^ipfs:\/\/baf/);
      const image = await ctx.app.inject({
        method: 'GET',
        url: `/ipfs/${json.image.slice('ipfs://'.length)}`,
      });
      expect(image.headers['content-type']).toBe('image/png');
    }

    // The operator's token page lists the ids Hanabi knows: every token a delivery mints is among them.
    const operator = await signInByEmail(ctx, 'operator@demo.hanabi.local', 'streamer');
    const tokens = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/token?limit=100',
      headers: bearerHeaders(operator.token),
    });
    expect(tokens.statusCode).toBe(200);
    const listed = tokens.json<{ list: Array<{ tokenId: string; uri: string | null }> }>().list;
    expect(listed.map((token) => token.tokenId).sort()).toEqual(published.map((row) => row.tokenId).sort());
    for (const token of listed) expect(token.uri).toMatch(/^ipfs:\/\//);
    const delivered = [
      ...new Set((await db.select({ tokenId: delivery.tokenId }).from(delivery)).map((row) => row.tokenId)),
    ];
    expect(delivered.length).toBeGreaterThan(0);
    for (const tokenId of delivered) expect(listed.map((token) => token.tokenId)).toContain(tokenId);
  });
});
