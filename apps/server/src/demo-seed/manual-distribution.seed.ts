import { eq } from 'drizzle-orm';
import type { SeedStep } from './seed-step.ts';
import { manualDistribution } from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { anvilDevAddress } from '../adapters/chain/index.ts';
import { demoUserId } from './identity.seed.ts';

/**
 * The demo streamer distributes their published badge: one copy held for the demo audience member (it travels
 * once they create their wallet — the held-prize flow), one delivered to a demo collector wallet (an anvil dev
 * account) so the delivery queue and its transaction show from the start. Skipped once the streamer has any
 * distribution.
 */
export const manualDistributionSeedStep: SeedStep = {
  name: 'delivery: the demo streamer distributes the badge',
  async run(container) {
    const [streamerId, viewerId] = await Promise.all([
      demoUserId(container, 'streamer'),
      demoUserId(container, 'audience'),
    ]);
    if (!streamerId || !viewerId) return;
    const { db } = container.database;
    const done = await db
      .select({ id: manualDistribution.id })
      .from(manualDistribution)
      .where(eq(manualDistribution.streamerId, streamerId))
      .limit(1);
    if (done.length > 0) return;
    const goods = await container.repositories.digitalGoods.listOwned(streamerId, {
      includeHidden: false,
      limit: 100,
    });
    const badge = goods.find((item) => item.status === 'published' && item.tokenId !== null);
    if (!badge) return;
    const session: SessionUser = {
      userId: streamerId,
      authUserId: '',
      email: null,
      type: 'streamer',
      role: 'user',
      viaCookie: false,
    };
    await container.services.manualDistribution.create(
      session,
      {
        digitalGoodsId: badge.id,
        distributionList: [
          { recipient: viewerId, amount: 1 },
          { recipient: anvilDevAddress(9), amount: 1 },
        ],
      },
      undefined,
    );
  },
};
