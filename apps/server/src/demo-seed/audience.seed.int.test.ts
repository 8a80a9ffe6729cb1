import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignList, NotificationList, StreamerList } from '@hanabi/api';
import { seedDemo } from './demo-seed.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';
import { bearerHeaders, signInByEmail } from '../test/auth-helpers.ts';

describe.each(testBackends({ embedded: true }))('demo viewer seed on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('follows the demo streamer, watches their open campaigns and likes, once', async () => {
    await seedDemo(ctx.container);
    await seedDemo(ctx.container, { force: true });
    const viewer = await signInByEmail(ctx, 'audience@demo.hanabi.local', 'audience');
    const streamer = await signInByEmail(ctx, 'streamer@demo.hanabi.local', 'streamer');
    const get = async (token: string, url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: bearerHeaders(token) })).json();

    const following = StreamerList.parse(await get(viewer.token, '/api/streamer?following=true'));
    expect(following.list.map((item) => item.name)).toEqual(['デモ配信者 はなび']);
    const followed = CampaignList.parse(await get(viewer.token, '/api/campaign?followed=true&limit=100'));
    const open = followed.list.filter((item) => item.status === 'live' || item.status === 'scheduled');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((item) => item.isWatch)).toBe(true);

    const me = await get(streamer.token, '/api/myAccountBase');
    const theirs = NotificationList.parse(
      await get(streamer.token, `/api/notification?userId=${me.id}&limit=100`),
    );
    const increased = theirs.list.filter((item) => item.type === 'watchlistIncreased');
    expect(increased).toHaveLength(open.length);
    expect(theirs.list.filter((item) => item.type === 'campaignLikeAdded')).toHaveLength(1);
  });
});
