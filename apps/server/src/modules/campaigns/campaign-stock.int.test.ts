import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaign, digitalGoods } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

const wallet = () => `0x${crypto.randomUUID().replaceAll('-', '').padEnd(40, '5').slice(0, 40)}`;

/**
 * Attack 4 of issue 25 (decision 0062): stock is counted from what campaigns handed out, not only from their
 * plan. Goods of 200; a campaign of 4 winners × 3 copies and a manual distribution of 10 leave 178. After the
 * 4 winners are handed to delivery, lowering the campaign to 1 winner must not free 9 copies.
 */
describe.each(testBackends())('stock counted from what was handed out (%s)', (backend) => {
  let world: DrawWorld;
  let campaignId: string;
  const db = () => world.ctx.container.database.db;
  const streamer = () => world.as(world.streamerId);
  const remaining = async () => {
    const answer = await streamer().call('GET', `/api/digitalgoods/${world.goodsId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ remaining: number; reserved: number }>().remaining;
  };
  const distribute = (amount: number) =>
    streamer().call('POST', '/api/manual-distribution', {
      digitalGoodsId: world.goodsId,
      distributionList: [{ recipient: wallet(), amount }],
    });

  beforeAll(async () => {
    world = await openDrawWorld(backend);
    await db().update(digitalGoods).set({ supply: 200 }).where(eq(digitalGoods.id, world.goodsId));
    const c = await world.campaign({ winnerCount: 4 });
    campaignId = c.id;
    await db().update(campaign).set({ copiesPerWinner: 3 }).where(eq(campaign.id, campaignId));
    await insertComments(
      db(),
      c.youtube.id,
      ['UCone', 'UCtwo', 'UCthree', 'UCfour'].map((author) => ({ author })),
    );
    expect((await distribute(10)).statusCode).toBe(201);
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const drawn = await streamer().call('POST', `${path}/winner`, { campaignId });
    expect(drawn.statusCode, drawn.body).toBe(201);
  });
  afterAll(() => world?.close());

  it('counts drawn winners not yet handed over, even under a plan lowered behind its back', async () => {
    expect(await remaining()).toBe(178);
    // A plan lowered without the rule (a row from before it): the 4 drawn winners still hold 12 copies.
    await db().update(campaign).set({ winnerCount: 1 }).where(eq(campaign.id, campaignId));
    expect(await remaining()).toBe(178);
    await db().update(campaign).set({ winnerCount: 4 }).where(eq(campaign.id, campaignId));
  });

  it('refuses fewer winners than were handed over (422) and leaves the stock as it was', async () => {
    const handed = await streamer().call('POST', `/api/liveStreaming/${campaignId}/distribution/youtube`);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ held: 4 });

    const lowered = await streamer().call('PUT', `/api/campaign/${campaignId}`, { winnerCount: 1 });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json().error).toMatchObject({
      code: 'BUSINESS_RULE',
      details: [
        {
          field: 'body.winnerCount',
          message: '4 winners have already been handed their prizes: the campaign cannot have fewer winners',
        },
      ],
    });
    const [row] = await db().select().from(campaign).where(eq(campaign.id, campaignId));
    expect(row!.winnerCount).toBe(4);
    expect(await remaining()).toBe(178);
    // Keeping (or raising) the winners is still fine.
    expect((await streamer().call('PUT', `/api/campaign/${campaignId}`, { winnerCount: 4 })).statusCode).toBe(
      200,
    );
  });

  it('refuses a manual distribution of more than is truly free (422), and allows exactly that', async () => {
    // Even with the plan lowered behind the rule's back, the 12 copies handed over stay counted.
    await db().update(campaign).set({ winnerCount: 1 }).where(eq(campaign.id, campaignId));
    const tooMany = await distribute(179);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe(
      'Only 178 copies of these goods are left; this distribution needs 179.',
    );
    // Two at once for the whole of what is free: the goods row lock lets one through.
    const both = await Promise.all([distribute(178), distribute(178)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await remaining()).toBe(0);
    expect((await distribute(1)).statusCode).toBe(422);
  });
});
