import crypto from 'node:crypto';
import type { SeedStep } from './seed-step.ts';
import type { CampaignEntryRule } from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { encodePng, type Rgba } from '../lib/png.ts';
import { demoUserId } from './identity.seed.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The seed recognises its own goods by this name, so running it again adds nothing. */
const MARKER_GOODS = '花火バッジ（デモ）';
/** The ended demo campaign (the results step draws its winners). */
export const ENDED_DEMO_CAMPAIGN = '春の感謝祭（デモ・終了）';

/** A soft two-colour gradient with a bright disc: a stand-in for a designed prize picture. */
function demoPicture(from: Rgba, to: Rgba): Buffer {
  const size = 256;
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const base = from.map((value, index) => Math.round(value + (to[index]! - value) * t)) as unknown as Rgba;
    const distance = Math.hypot(x - size / 2, y - size / 2);
    return distance < size / 4 ? [255, 230, 160, 255] : base;
  });
}

const rule = (keyword: string, changes: Partial<CampaignEntryRule> = {}): CampaignEntryRule => ({
  keyword,
  onePerPerson: true,
  membersOnly: false,
  excludeModerators: true,
  windowStart: null,
  windowEnd: null,
  cooldownDays: 0,
  ...changes,
});

/**
 * The demo streamer's making side: published and draft goods with pictures, and a campaign in every status
 * (draft, scheduled, live, ended). Idempotent: skipped when the demo goods exist.
 */
export const goodsCampaignsSeedStep: SeedStep = {
  name: 'goods & campaigns: demo goods and a campaign in every status',
  async run(container) {
    const streamerId = await demoUserId(container, 'streamer');
    if (!streamerId) return;
    const { digitalGoods: goodsRows, campaigns } = container.repositories;
    const existing = await goodsRows.listOwned(streamerId, { includeHidden: true, limit: 1000 });
    if (existing.some((row) => row.name === MARKER_GOODS)) return;

    const picture = async (name: string, from: Rgba, to: Rgba) => {
      const bytes = demoPicture(from, to);
      const asset = await container.services.assets.store({
        ownerId: streamerId,
        kind: name.startsWith('cover') ? 'campaign' : 'digitalgoods',
        fileName: `${name}.png`,
        body: bytes,
        size: bytes.length,
      });
      return asset.id;
    };
    const now = Date.now();
    const streamer: SessionUser = {
      userId: streamerId,
      authUserId: '',
      email: null,
      type: 'streamer',
      role: 'user',
      viaCookie: false,
    };
    const goods = async (
      name: string,
      description: string,
      supply: number,
      image: string,
      publish: boolean,
    ) => {
      const row = await goodsRows.insert({
        id: crypto.randomUUID(),
        streamerId,
        name,
        description,
        imageAssetId: image,
        animationAssetId: null,
        supply,
        hidden: false,
        createdAt: new Date(now - (publish ? 20 : 1) * DAY),
      });
      // Published as a streamer publishes (decision 0220): the token id, then the on-chain job that registers the
      // token, pins its picture and ERC-1155 metadata and sets `uri(id)`.
      if (publish) await container.services.digitalGoods.publish(streamer, row.id);
      return row;
    };
    const badge = await goods(
      MARKER_GOODS,
      '夏の花火大会配信の記念バッジ。',
      200,
      await picture('badge', [40, 20, 90, 255], [200, 60, 120, 255]),
      true,
    );
    const sticker = await goods(
      '夏祭りステッカー（デモ）',
      '浴衣配信の限定ステッカー。',
      50,
      await picture('sticker', [10, 60, 110, 255], [40, 170, 160, 255]),
      true,
    );
    await goods(
      '秋の限定カード（デモ・下書き）',
      'まだ準備中のデジタルグッズ。',
      30,
      await picture('card', [90, 40, 10, 255], [220, 140, 40, 255]),
      false,
    );
    const cover = await picture('cover-fireworks', [20, 10, 50, 255], [120, 40, 90, 255]);

    const campaign = async (
      title: string,
      status: 'draft' | 'scheduled' | 'live' | 'ended',
      startsIn: number,
      endsIn: number,
      prizeId: string,
      changes: {
        winnerCount: number;
        copiesPerWinner: number;
        platforms: string[];
        keyword: string;
        createdAgo: number;
      },
    ) =>
      campaigns.insert({
        id: crypto.randomUUID(),
        streamerId,
        title,
        description: `${title}。配信のチャットで「${changes.keyword}」とコメントして参加してください。`,
        coverAssetId: cover,
        status,
        startsAt: new Date(now + startsIn),
        endsAt: new Date(now + endsIn),
        platforms: changes.platforms,
        prizeDigitalGoodsId: prizeId,
        copiesPerWinner: changes.copiesPerWinner,
        winnerCount: changes.winnerCount,
        entryRule: rule(changes.keyword),
        drawMode: status === 'live' ? 'everyNMinutes' : 'manual',
        drawIntervalMinutes: status === 'live' ? 30 : null,
        createdAt: new Date(now - changes.createdAgo),
      });
    await campaign(ENDED_DEMO_CAMPAIGN, 'ended', -30 * DAY, -29 * DAY, badge.id, {
      winnerCount: 5,
      copiesPerWinner: 1,
      platforms: ['youtube'],
      keyword: '感謝',
      createdAgo: 31 * DAY,
    });
    await campaign('夏の花火大会 生配信プレゼント（デモ・開催中）', 'live', -HOUR, 3 * DAY, badge.id, {
      winnerCount: 10,
      copiesPerWinner: 1,
      platforms: ['youtube', 'twitcasting'],
      keyword: '花火',
      createdAgo: 2 * DAY,
    });
    await campaign('浴衣配信プレゼント（デモ・開催予定）', 'scheduled', 2 * DAY, 3 * DAY, sticker.id, {
      winnerCount: 5,
      copiesPerWinner: 2,
      platforms: ['twitcasting'],
      keyword: '浴衣',
      createdAgo: DAY,
    });
    await campaign('秋の企画（デモ・下書き）', 'draft', 30 * DAY, 31 * DAY, sticker.id, {
      winnerCount: 3,
      copiesPerWinner: 1,
      platforms: ['youtube'],
      keyword: '秋',
      createdAgo: HOUR,
    });
  },
};
