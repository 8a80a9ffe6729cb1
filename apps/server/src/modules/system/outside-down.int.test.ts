import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@hanabi/token';
import { anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';

/**
 * Outside systems down while the app runs (decision 0141): nothing listens on their ports. Reads that need them
 * answer 503 in the envelope (ours to fix, worth a retry), and the chain is a detail of readiness, not a gate.
 */
describe('outside systems down', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers /files/* with 503 in the envelope when storage is down, and stays ready with the chain degraded', async () => {
    const [s3Port, rpcPort] = [await freePort(), await freePort()];
    ctx = await createTestContext(primaryBackend(), {
      env: {
        S3_BUCKET: 'hanabi-assets',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        CHAIN_RPC_URL: `http://127.0.0.1:${rpcPort}`,
        CHAIN_SIGNER_KEY: anvilDevKey(0),
        CHAIN_RPC_TIMEOUT_MS: '500',
      },
    });
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/files/digitalgoods/x/a.png',
      headers: { 'x-request-id': 'files-down-1' },
    });
    expect(file.statusCode).toBe(503);
    expect(file.headers['retry-after']).toBeDefined();
    expect(file.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'A service this needs is unavailable right now. Please try again shortly.',
        requestId: 'files-down-1',
      },
    });

    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      degraded: ['chain'],
      checks: { database: { ok: true }, queue: { ok: true }, chain: { ok: false } },
    });
    // Public reads go on without the chain.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/campaign?type=audience' })).statusCode).toBe(
      200,
    );
  });
});
