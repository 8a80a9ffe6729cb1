import type { Campaign, DrawMode, LivePlatform } from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AssetRow } from '../uploads/index.ts';
import { assetRefOf } from '../digital-goods/index.ts';
import type { DigitalGoodsRow } from '../digital-goods/index.ts';
import type { CampaignRow, StreamerRow } from './campaign.repository.ts';
import { toUserSummary } from '../account/index.ts';

/** The original's user summary of a streamer. */
export function drawModeOf(row: Pick<CampaignRow, 'drawMode' | 'drawIntervalMinutes'>): DrawMode {
  if (row.drawMode === 'everyNMinutes')
    return { type: 'everyNMinutes', minutes: row.drawIntervalMinutes ?? 60 };
  return { type: row.drawMode };
}

export interface CampaignRelations {
  streamer: StreamerRow;
  prize: DigitalGoodsRow;
  assets: Map<string, AssetRow>;
  isWatch: boolean;
  onAir: boolean;
}

/** The one place a campaign row becomes what the client sees. */
export function toCampaign(row: CampaignRow, related: CampaignRelations, storage: FileStorage): Campaign {
  const { prize } = related;
  return {
    id: row.id,
    userId: row.streamerId,
    user: toUserSummary(related.streamer),
    title: row.title,
    description: row.description,
    coverImage: assetRefOf(row.coverAssetId, related.assets, storage),
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    platforms: row.platforms as LivePlatform[],
    prize: {
      digitalGoodsId: row.prizeDigitalGoodsId,
      copiesPerWinner: row.copiesPerWinner,
      digitalGoods: {
        id: prize.id,
        name: prize.name,
        description: prize.description,
        image: assetRefOf(prize.imageAssetId, related.assets, storage),
        animation: assetRefOf(prize.animationAssetId, related.assets, storage),
        supply: prize.supply,
        status: prize.status,
        tokenId: prize.tokenId,
      },
    },
    winnerCount: row.winnerCount,
    entryRule: {
      keyword: row.entryRule.keyword,
      onePerPerson: row.entryRule.onePerPerson,
      membersOnly: row.entryRule.membersOnly,
      excludeModerators: row.entryRule.excludeModerators,
      windowStart: row.entryRule.windowStart,
      windowEnd: row.entryRule.windowEnd,
      cooldownDays: row.entryRule.cooldownDays,
    },
    drawMode: drawModeOf(row),
    isWatch: related.isWatch,
    onAir: related.onAir,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
