import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';
import { readSetting, SETTING_KEYS } from '../../db/app-settings.ts';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

describe('chain and IPFS wiring (embedded anvil, embedded block store)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('does not start a chain until something needs it', () => {
    expect(ctx.container.adapters.chain.started).toBe(false);
  });

  it('deploys the token once, records it and publishes it in the artifacts', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/blockchain/artifacts' });
    expect(before.json().address).toBeNull();

    const address = await ctx.container.services.chain.ensureToken();
    expect(await readSetting(ctx.container.database.db, SETTING_KEYS.contractAddress)).toBe(address);
    expect(await ctx.container.services.chain.ensureToken()).toBe(address);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/blockchain/artifacts' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ contractName: 'HanabiToken', address, chainId: 31337 });
    expect(body.abi.some((item: { name?: string }) => item.name === 'airdrop')).toBe(true);
  });

  it('serves content from the embedded gateway with its sniffed type, ranges and caching', async () => {
    const ipfs = await ctx.container.adapters.ipfs.get();
    const { cid } = await ipfs.add(png);

    const full = await ctx.app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toContain('immutable');
    expect(full.headers['content-security-policy']).toContain('sandbox');
    expect(full.rawPayload.equals(png)).toBe(true);

    const part = await ctx.app.inject({
      method: 'GET',
      url: `/ipfs/${cid}`,
      headers: { range: 'bytes=1-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${png.length}`);
    expect(part.body).toBe('PNG');

    const beyond = await ctx.app.inject({
      method: 'GET',
      url: `/ipfs/${cid}`,
      headers: { range: 'bytes=999-' },
    });
    expect(beyond.statusCode).toBe(416);

    const cached = await ctx.app.inject({
      method: 'GET',
      url: `/ipfs/${cid}`,
      headers: { 'if-none-match': `"${cid}"` },
    });
    expect(cached.statusCode).toBe(304);

    const head = await ctx.app.inject({ method: 'HEAD', url: `/ipfs/${cid}` });
    expect(head.headers['content-length']).toBe(String(png.length));
  });

  it('answers 400 for a malformed CID and 404 for unknown content', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/ipfs/not-a-cid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
    });
    expect(missing.statusCode).toBe(404);
  });
});
