import type { SeedStep } from './seed-step.ts';
import type { SessionUser } from '../http/session.ts';
import { demoUserId } from './identity.seed.ts';

/**
 * The demo audience member's social side: follows the demo streamer, watches their live and scheduled
 * campaigns, likes one campaign and one token, so the home page, the streamer's notifications and the bell
 * have something to show. Goes through the services (the same rules and notifications as the API) and is
 * idempotent: watching, following and liking twice changes nothing and notifies nobody again.
 */
export const audienceSeedStep: SeedStep = {
  name: 'audience: the demo viewer follows, watches and likes',
  async run(container) {
    const [viewerId, streamerId] = await Promise.all([
      demoUserId(container, 'audience'),
      demoUserId(container, 'streamer'),
    ]);
    if (!viewerId || !streamerId) return;
    const session: SessionUser = {
      userId: viewerId,
      authUserId: '',
      email: null,
      type: 'audience',
      role: 'user',
      viaCookie: false,
    };
    const { streamers, watchlist, likes } = container.services;
    await streamers.follow(session, streamerId);
    const profile = await streamers.get(session, streamerId);
    const open = profile.campaigns.filter((item) => item.status === 'live' || item.status === 'scheduled');
    for (const item of open) await watchlist.add(session, viewerId, item.id);
    if (open[0]) await likes.add(session, 'campaign', open[0].id);
    if (profile.goods[0]) await likes.add(session, 'token', profile.goods[0].id);
  },
};
