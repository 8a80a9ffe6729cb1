import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { CampaignIdParams, CampaignStatus } from './campaign.routes.ts';
import { LivePlatformSchema } from '../live-platform.ts';
import { ResultDraw, WinnerStatus } from './draw.routes.ts';

/*
 * A campaign's results as everyone may see them (decision 0075): the draws, each winner by the display name the
 * chat already showed, the proof of each draw, and the streams the campaign was read from. The public body is
 * the same for every caller (cacheable); what only the winner may see (that a row is theirs, its delivery) is a
 * separate signed-in call. Nothing here names a Hanabi user or a wallet.
 */

export const ResultStream = z.object({
  platform: LivePlatformSchema,
  status: z.enum(['waiting', 'live', 'ended', 'error']),
  /** The broadcast on the platform, and the channel it belongs to (null when the platform gives no address). */
  streamUrl: z.string().nullable(),
  channelUrl: z.string().nullable(),
  channelName: z.string().nullable(),
});
export type ResultStream = z.infer<typeof ResultStream>;

export const CampaignResults = z.object({
  campaignId: z.string(),
  campaignStatus: CampaignStatus,
  /** Every draw of the campaign whatever its state, newest first: one public history (decision 0200). */
  draws: z.array(ResultDraw),
  streams: z.array(ResultStream),
});
export type CampaignResults = z.infer<typeof CampaignResults>;

/** One of the caller's own wins in the campaign, with where its prize is. */
export const MyWin = z.object({
  winnerId: z.string(),
  drawId: z.string(),
  platform: LivePlatformSchema,
  displayName: z.string(),
  status: WinnerStatus,
  txHash: z.string().nullable(),
  /** The prize's goods (its collection page), once it has one. */
  digitalGoodsId: z.string().nullable(),
});
export type MyWin = z.infer<typeof MyWin>;

export const MyCampaignResults = z.object({ campaignId: z.string(), wins: z.array(MyWin) });
export type MyCampaignResults = z.infer<typeof MyCampaignResults>;

export const campaignResultsRoutes = {
  campaignResults: defineRoute({
    method: 'GET',
    path: '/api/campaign/:id/results',
    access: 'public',
    summary:
      "A campaign's draws (every state, exclusions with their reasons) with winners' chat names, proof ids and its streams (same for everyone)",
    params: CampaignIdParams,
    response: CampaignResults,
  }),
  myCampaignResults: defineRoute({
    method: 'GET',
    path: '/api/campaign/:id/results/mine',
    access: 'signedIn',
    summary: 'Your own wins in a campaign (through your linked platform identities) and their delivery',
    params: CampaignIdParams,
    response: MyCampaignResults,
  }),
};
