import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { anvilDevAddress } from '../adapters/chain/index.ts';
import type { SeedStep } from './seed-step.ts';
import { campaign, draw, liveComment, liveStream } from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { ENDED_DEMO_CAMPAIGN } from './campaigns.seed.ts';
import { linkIdentity } from '../modules/platform-identities/index.ts';
import { demoUserId } from './identity.seed.ts';

const MINUTE = 60 * 1000;

/**
 * A demo viewer who linked YouTube and has a wallet (an anvil dev account): their prize is delivered on the
 * embedded chain. Seed-only (no one signs in as them), so the demo sign-ins stay as they are.
 */
const COLLECTOR = {
  email: 'collector@demo.hanabi.local',
  name: 'デモ視聴者 ひかり',
  youtubeChannelId: 'UCdemoHikari000000000000',
  walletIndex: 8,
};
/** A viewer who only commented (no Hanabi account): their prize is held until someone links this channel. */
const UNLINKED = { channelId: 'UCdemoTsubasa00000000000', name: 'つばさ' };

/**
 * The ended demo campaign's results (decision 0098): its YouTube chat, a draw run by the real engine (so
 * `/draw/{id}` recomputes it; on the embedded chain's block hash it is a practice draw, decision 0199), and the winners handed to delivery — the linked viewer's prize goes on chain, the
 * unlinked one's is held. A newcomer sees the whole story without running a stream. Skipped once the campaign
 * has a draw.
 */
export const resultsSeedStep: SeedStep = {
  name: 'results: the ended demo campaign has a practice draw, one prize delivered, one held',
  async run(container) {
    const streamerId = await demoUserId(container, 'streamer');
    if (!streamerId) return;
    const { db } = container.database;
    const [ended] = await db
      .select()
      .from(campaign)
      .where(and(eq(campaign.streamerId, streamerId), eq(campaign.title, ENDED_DEMO_CAMPAIGN)));
    if (!ended || ended.status !== 'ended') return;
    const [drawn] = await db.select({ id: draw.id }).from(draw).where(eq(draw.campaignId, ended.id)).limit(1);
    if (drawn) return;

    const { identities, accounts } = container.repositories;
    const authUserId = await identities.ensureEmailIdentity({ email: COLLECTOR.email, name: COLLECTOR.name });
    if (!(await accounts.findByAuthUserId(authUserId))) {
      const collector = await accounts.create({
        authUserId,
        type: 'audience',
        role: 'user',
        name: COLLECTOR.name,
        bio: 'YouTube を連携して、賞品をウォレットで受け取りました。',
        locale: 'ja',
        walletAddress: anvilDevAddress(COLLECTOR.walletIndex),
      });
      // Linked as the YouTube sign-in would leave it (no chat-reading connection: a viewer needs none).
      await linkIdentity(
        db,
        collector.id,
        {
          platform: 'youtube',
          platformUserId: COLLECTOR.youtubeChannelId,
          screenId: null,
          displayName: COLLECTOR.name,
          imageUrl: null,
        },
        new Date(),
      );
    }

    // The stream the campaign ran on, and the two viewers who commented the keyword during it.
    const streamId = crypto.randomUUID();
    await db.insert(liveStream).values({
      id: streamId,
      campaignId: ended.id,
      platform: 'youtube',
      channelId: 'UCdemoHanabi000000000000',
      broadcastId: 'demoThanks01',
      status: 'ended',
      startedAt: ended.startsAt,
      endedAt: ended.endsAt,
    });
    const keyword = ended.entryRule.keyword;
    await db.insert(liveComment).values(
      [
        {
          author: COLLECTOR.youtubeChannelId,
          name: COLLECTOR.name,
          text: `${keyword}！いつもありがとう`,
          at: 5,
        },
        { author: UNLINKED.channelId, name: UNLINKED.name, text: `${keyword}の気持ちを込めて`, at: 12 },
      ].map((comment) => ({
        id: crypto.randomUUID(),
        platform: 'youtube' as const,
        broadcastId: 'demoThanks01',
        platformMessageId: crypto.randomUUID(),
        authorPlatformId: comment.author,
        authorName: comment.name,
        text: comment.text,
        kind: 'text' as const,
        isMember: false,
        isModerator: false,
        isOwner: false,
        publishedAt: new Date(ended.startsAt.getTime() + comment.at * MINUTE),
        // Stored while the stream was read: a stream sees the comments stored before its end (decision 0173).
        createdAt: new Date(ended.startsAt.getTime() + comment.at * MINUTE),
      })),
    );
    // Both who took part win: the campaign draws as many as commented.
    await db.update(campaign).set({ winnerCount: 2 }).where(eq(campaign.id, ended.id));

    await container.draws.engine.run({
      campaignId: ended.id,
      count: 'remaining',
      trigger: 'manual',
      requestedBy: streamerId,
      platform: 'youtube',
    });
    const session: SessionUser = {
      userId: streamerId,
      authUserId: '',
      email: null,
      type: 'streamer',
      role: 'user',
      viaCookie: false,
    };
    await container.draws.services.distribution.distribute(session, ended.id, 'youtube');
  },
};
