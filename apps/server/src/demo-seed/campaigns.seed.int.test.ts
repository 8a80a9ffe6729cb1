import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-seed.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';
import { bearerHeaders, signInByEmail } from '../test/auth-helpers.ts';

describe.each(testBackends({ embedded: true }))('demo goods and campaigns on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the demo streamer goods and a campaign in every status, once', async () => {
    await seedDemo(ctx.container);
    await seedDemo(ctx.container, { force: true });
    const streamer = await signInByEmail(ctx, 'streamer@demo.hanabi.local', 'streamer');
    const headers = bearerHeaders(streamer.token);

    const goods = (await ctx.app.inject({ method: 'GET', url: '/api/digitalgoods', headers })).json();
    expect(goods.list).toHaveLength(3);
    expect(goods.list.map((item: { status: string }) => item.status).sort()).toEqual([
      'draft',
      'published',
      'published',
    ]);
    for (const item of goods.list) expect(item.image.url).toContain('/files/digitalgoods/');
    const tokenIds = goods.list.map((item: { tokenId: string | null }) => item.tokenId).filter(Boolean);
    expect(new Set(tokenIds).size).toBe(2);

    const own = (await ctx.app.inject({ method: 'GET', url: '/api/campaign?type=streamer', headers })).json();
    expect(own.list.map((item: { status: string }) => item.status).sort()).toEqual([
      'draft',
      'ended',
      'live',
      'scheduled',
    ]);
    const image = await ctx.app.inject({ method: 'GET', url: new URL(own.list[0].coverImage.url).pathname });
    expect(image.statusCode).toBe(200);

    const publicList = (
      await ctx.app.inject({ method: 'GET', url: `/api/campaign?streamerId=${own.list[0].userId}` })
    ).json();
    expect(publicList.list.map((item: { status: string }) => item.status).sort()).toEqual([
      'ended',
      'live',
      'scheduled',
    ]);
  });
});
