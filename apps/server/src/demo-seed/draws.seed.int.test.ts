import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignResults, CampaignList } from '@hanabi/api';
import { verifyDraw } from '@hanabi/draw';
import { seedDemo } from './demo-seed.ts';
import { delivery, heldClaim } from '../db/schema.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';
import { ENDED_DEMO_CAMPAIGN } from './campaigns.seed.ts';

describe.each(testBackends({ embedded: true }))(
  'demo results seed on %s (the embedded chain as beacon)',
  (backend) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('the ended demo campaign shows a practice draw that recomputes, one prize going on chain and one held — once', async () => {
      await seedDemo(ctx.container);
      await seedDemo(ctx.container, { force: true });
      const campaigns = CampaignList.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/campaign?limit=100' })).json(),
      );
      const ended = campaigns.list.find((item) => item.title === ENDED_DEMO_CAMPAIGN)!;
      expect(ended.status).toBe('ended');

      const results = CampaignResults.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/campaign/${ended.id}/results` })).json(),
      );
      expect(results.draws).toHaveLength(1);
      const [round] = results.draws;
      expect(round!.status).toBe('revealed');
      expect(round!.winners.map((winner) => winner.displayName).sort()).toEqual([
        'つばさ',
        'デモ視聴者 ひかり',
      ]);
      expect(round!.winners.find((winner) => winner.displayName === 'つばさ')!.awaitingLink).toBe(true);
      expect(results.streams.map((stream) => [stream.platform, stream.status])).toEqual([
        ['youtube', 'ended'],
      ]);

      const proof = (await ctx.app.inject({ method: 'GET', url: `/api/draw/${round!.id}/proof` })).json();
      // On the embedded chain's block hash: it recomputes, and says it is practice, never verified.
      expect(await verifyDraw(proof)).toMatchObject({ ok: true, verdict: 'practice' });

      const db = ctx.container.database.db;
      const deliveries = await db.select().from(delivery).where(eq(delivery.campaignId, ended.id));
      expect(deliveries.map((row) => [row.source, row.status])).toEqual([['draw', 'queued']]);
      const held = await db.select().from(heldClaim).where(eq(heldClaim.campaignId, ended.id));
      expect(held.map((row) => [row.platform, row.status, row.userId])).toEqual([['youtube', 'held', null]]);
    });
  },
);
