import type { Campaign, CreateCampaignBody, LivePlatform } from '@hanabi/api';
import { instantOf, pickerValueOf } from '../../lib/date-time-value';

export type DrawType = 'manual' | 'everyNMinutes' | 'atEnd';

/** The times are the date-time fields' values (`YYYY-MM-DD HH:mm:ss`, local; '' for none): `bodyOf` sends instants. */
export interface CampaignValues {
  title: string;
  description: string;
  coverImageAssetId: string | null;
  startsAt: string;
  endsAt: string;
  platforms: LivePlatform[];
  prize: { digitalGoodsId: string | null; copiesPerWinner: number | string };
  winnerCount: number | string;
  entryRule: {
    keyword: string;
    onePerPerson: boolean;
    membersOnly: boolean;
    excludeModerators: boolean;
    windowStart: string;
    windowEnd: string;
    cooldownDays: number | string;
  };
  drawMode: { type: DrawType; minutes: number | string };
}

export function valuesOf(campaign: Campaign | undefined, now: Date = new Date()): CampaignValues {
  if (!campaign) {
    // A new campaign starts when it is published unless a start is chosen (decision 0070); it runs a week.
    const end = new Date(now.getTime() + 7 * 24 * 60 * 60_000);
    end.setSeconds(0, 0);
    return {
      title: '',
      description: '',
      coverImageAssetId: null,
      startsAt: '',
      endsAt: pickerValueOf(end),
      platforms: ['youtube'],
      prize: { digitalGoodsId: null, copiesPerWinner: 1 },
      winnerCount: 1,
      entryRule: {
        keyword: '',
        onePerPerson: true,
        membersOnly: false,
        excludeModerators: true,
        windowStart: '',
        windowEnd: '',
        cooldownDays: 0,
      },
      drawMode: { type: 'manual', minutes: 30 },
    };
  }
  const rule = campaign.entryRule;
  return {
    title: campaign.title,
    description: campaign.description,
    coverImageAssetId: campaign.coverImage?.id ?? null,
    startsAt: pickerValueOf(campaign.startsAt),
    endsAt: pickerValueOf(campaign.endsAt),
    platforms: campaign.platforms,
    prize: { digitalGoodsId: campaign.prize.digitalGoodsId, copiesPerWinner: campaign.prize.copiesPerWinner },
    winnerCount: campaign.winnerCount,
    entryRule: {
      keyword: rule.keyword,
      onePerPerson: rule.onePerPerson,
      membersOnly: rule.membersOnly,
      excludeModerators: rule.excludeModerators,
      windowStart: pickerValueOf(rule.windowStart),
      windowEnd: pickerValueOf(rule.windowEnd),
      cooldownDays: rule.cooldownDays,
    },
    drawMode: {
      type: campaign.drawMode.type,
      minutes: campaign.drawMode.type === 'everyNMinutes' ? campaign.drawMode.minutes : 30,
    },
  };
}

/** Where a campaign with these values would stand once published: live at once, scheduled, or already over. */
export function publishedStateOf(
  values: Pick<CampaignValues, 'startsAt' | 'endsAt'>,
  now: Date = new Date(),
): { state: 'now' } | { state: 'scheduled'; at: string } | { state: 'ended' } {
  const start = instantOf(values.startsAt);
  const end = instantOf(values.endsAt);
  if (end && new Date(end) <= now) return { state: 'ended' };
  if (start && new Date(start) > now) return { state: 'scheduled', at: start };
  return { state: 'now' };
}

export function bodyOf(values: CampaignValues, status: 'draft' | 'scheduled'): CreateCampaignBody {
  const startsAt = instantOf(values.startsAt);
  return {
    title: values.title.trim(),
    description: values.description,
    coverImageAssetId: values.coverImageAssetId,
    status,
    // No start: the server's now (so a published campaign takes entries at once).
    ...(startsAt ? { startsAt } : {}),
    endsAt: instantOf(values.endsAt) ?? '',
    platforms: values.platforms,
    prize: {
      digitalGoodsId: values.prize.digitalGoodsId ?? '',
      copiesPerWinner: Number(values.prize.copiesPerWinner),
    },
    winnerCount: Number(values.winnerCount),
    entryRule: {
      keyword: values.entryRule.keyword.trim(),
      onePerPerson: values.entryRule.onePerPerson,
      membersOnly: values.entryRule.membersOnly,
      excludeModerators: values.entryRule.excludeModerators,
      windowStart: instantOf(values.entryRule.windowStart),
      windowEnd: instantOf(values.entryRule.windowEnd),
      cooldownDays: Number(values.entryRule.cooldownDays),
    },
    drawMode:
      values.drawMode.type === 'everyNMinutes'
        ? { type: 'everyNMinutes', minutes: Number(values.drawMode.minutes) }
        : { type: values.drawMode.type },
  };
}
