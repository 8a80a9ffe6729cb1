import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { signUpByEmail, bearerHeaders } from '../../test/auth-helpers.ts';
import { createGoods } from '../../test/goods-fixtures.ts';

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(testBackends({ embedded: true }))('publishing goods puts them on chain (%s)', (backend) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { workers: true });
    await ctx.container.services.chain.ensureToken();
    token = (await signUpByEmail(ctx, `publisher-${backend}@example.com`, 'streamer')).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('pins the image and the metadata, sets uri(id) and records the CIDs — once', async () => {
    const goods = await createGoods(ctx, { token }, { name: '夏の花火バッジ', supply: 50 });
    expect(goods.tokenId).not.toBeNull();

    const onChain = await waitFor<{
      tokenId: string;
      tokenUri: string;
      metadataCid: string;
      imageCid: string;
    }>(async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/digitalgoods/${goods.id}`,
        headers: bearerHeaders(token),
      });
      return res.json().tokenUri ? res.json() : null;
    });
    expect(onChain.tokenUri).toBe(`ipfs://${onChain.metadataCid}`);
    expect(onChain.imageCid).toMatch(/^baf/);

    const chain = await ctx.container.adapters.chain.get();
    const address = (await ctx.container.services.chain.tokenAddress())!;
    const uri = await chain.publicClient.readContract({
      address,
      abi: hanabiTokenAbi,
      functionName: 'uri',
      args: [BigInt(onChain.tokenId)],
    });
    expect(uri).toBe(onChain.tokenUri);

    const metadata = await ctx.app.inject({ method: 'GET', url: `/ipfs/${onChain.metadataCid}` });
    expect(metadata.headers['content-type']).toContain('application/json');
    expect(metadata.json()).toMatchObject({
      name: '夏の花火バッジ',
      image: `ipfs://${onChain.imageCid}`,
      external_url: expect.stringContaining(`/collection/${goods.id}`),
    });
    const image = await ctx.app.inject({ method: 'GET', url: `/ipfs/${onChain.imageCid}` });
    expect(image.headers['content-type']).toBe('image/png');

    // Publishing again changes nothing: no second URI write, no new CIDs.
    const tokenId = BigInt(onChain.tokenId);
    const operationsBefore = await ctx.container.repositories.tokens.listOperations(100, { tokenId });
    expect(operationsBefore.filter((operation) => operation.kind === 'set_uri')).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/digitalgoods/${goods.id}/publish`,
      headers: bearerHeaders(token),
    });
    expect(again.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/digitalgoods/${goods.id}`,
      headers: bearerHeaders(token),
    });
    expect(after.json()).toMatchObject({ tokenUri: onChain.tokenUri, metadataCid: onChain.metadataCid });
    const operationsAfter = await ctx.container.repositories.tokens.listOperations(100, { tokenId });
    expect(operationsAfter).toHaveLength(operationsBefore.length);
  });
});
