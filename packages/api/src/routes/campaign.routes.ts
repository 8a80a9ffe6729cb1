import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, multilineText, text } from '../string-primitives.ts';
import { UPLOAD } from '../constants.ts';
import { LIVE_PLATFORMS, LivePlatformSchema, type LivePlatform } from '../live-platform.ts';
import { UserSummary } from './account.routes.ts';
import { AssetId, AssetRef, DigitalGoodsStatus } from './digital-goods.routes.ts';

/**
 * The longest entry keyword each platform can carry in one chat message: YouTube live chat messages are at most
 * 200 characters, TwitCasting comments at most 140. A campaign's keyword fits every platform it runs on.
 */
export const PLATFORM_KEYWORD_MAX: Record<LivePlatform, number> = { youtube: 200, twitcasting: 140 };

export const CAMPAIGN_LIMITS = {
  titleMax: 100,
  descriptionMax: 2000,
  winnerCountMax: 10_000,
  copiesPerWinnerMax: 1000,
  cooldownDaysMax: 365,
  drawIntervalMinutesMax: 1440,
  searchTextMax: 100,
  defaultPageSize: 20,
} as const;

/** draft → scheduled (the streamer publishes it) → live (start time, or the live page) → ended (end time). */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;
/** What a streamer may set directly; live and ended follow from time (and the live page). */
export const EditableCampaignStatus = z.enum(['draft', 'scheduled']);

const DateTime = text().datetime({ offset: true });

/** Who may enter and how (docs/design.md §2 and §4). */
export const EntryRule = z.object({
  /** A chat message must contain it; empty = any message enters. */
  keyword: text().trim().max(PLATFORM_KEYWORD_MAX.youtube).default(''),
  onePerPerson: z.boolean().default(true),
  /** YouTube channel members only (`isChatSponsor`). */
  membersOnly: z.boolean().default(false),
  /** Leave out the owner and moderators of the chat. */
  excludeModerators: z.boolean().default(true),
  /** Entries count only inside this window (within the campaign period); null = the whole period. */
  windowStart: DateTime.nullable().default(null),
  windowEnd: DateTime.nullable().default(null),
  /** Leave out people who won a prize of this streamer in the last N days (0 = nobody). */
  cooldownDays: z.number().int().min(0).max(CAMPAIGN_LIMITS.cooldownDaysMax).default(0),
});
export type EntryRule = z.infer<typeof EntryRule>;

export const DrawMode = z.discriminatedUnion('type', [
  z.object({ type: z.literal('manual') }),
  z.object({
    type: z.literal('everyNMinutes'),
    minutes: z.number().int().min(1).max(CAMPAIGN_LIMITS.drawIntervalMinutesMax),
  }),
  z.object({ type: z.literal('atEnd') }),
]);
export type DrawMode = z.infer<typeof DrawMode>;

export const PrizeInput = z.object({
  digitalGoodsId: entityId(),
  copiesPerWinner: z.number().int().min(1).max(CAMPAIGN_LIMITS.copiesPerWinnerMax),
});

/** The prize goods as anyone may see them on a campaign. */
export const PrizeGoods = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: AssetRef.nullable(),
  animation: AssetRef.nullable(),
  supply: z.number().int(),
  status: DigitalGoodsStatus,
  tokenId: z.string().nullable(),
});

export const Campaign = z.object({
  id: z.string(),
  userId: z.string(),
  /** The streamer (the original's user summary). */
  user: UserSummary,
  title: z.string(),
  description: z.string(),
  coverImage: AssetRef.nullable(),
  status: CampaignStatus,
  startsAt: z.string(),
  endsAt: z.string(),
  platforms: z.array(LivePlatformSchema),
  prize: z.object({
    digitalGoodsId: z.string(),
    copiesPerWinner: z.number().int(),
    digitalGoods: PrizeGoods,
  }),
  winnerCount: z.number().int(),
  entryRule: z.object({
    keyword: z.string(),
    onePerPerson: z.boolean(),
    membersOnly: z.boolean(),
    excludeModerators: z.boolean(),
    windowStart: z.string().nullable(),
    windowEnd: z.string().nullable(),
    cooldownDays: z.number().int(),
  }),
  drawMode: DrawMode,
  /** On the caller's watchlist (always false for signed-out callers). */
  isWatch: z.boolean(),
  /**
   * The streamer is broadcasting now: a stream of this campaign is being read and its platform reports it live
   * ("On air"). Independent of `status` (`live` means entries are accepted: "Open").
   */
  onAir: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

const campaignFields = {
  title: text().trim().min(1).max(CAMPAIGN_LIMITS.titleMax),
  description: multilineText().max(CAMPAIGN_LIMITS.descriptionMax),
  coverImageAssetId: AssetId.nullable(),
  status: EditableCampaignStatus,
  startsAt: DateTime,
  endsAt: DateTime,
  platforms: z
    .array(LivePlatformSchema)
    .min(1)
    .max(LIVE_PLATFORMS.length)
    .refine((list) => new Set(list).size === list.length, { message: 'lists a platform twice' }),
  prize: PrizeInput,
  winnerCount: z.number().int().min(1).max(CAMPAIGN_LIMITS.winnerCountMax),
  entryRule: EntryRule,
  drawMode: DrawMode,
};

export const CreateCampaignBody = z.object({
  ...campaignFields,
  /** Absent: the campaign starts now (the server's clock), so a published campaign takes entries at once. */
  startsAt: campaignFields.startsAt.optional(),
  description: campaignFields.description.default(''),
  coverImageAssetId: campaignFields.coverImageAssetId.default(null),
  status: campaignFields.status.default('draft'),
  entryRule: EntryRule.default(EntryRule.parse({})),
  drawMode: DrawMode.default({ type: 'manual' }),
});
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

/** Any subset of the fields; `entryRule` replaces the whole rule (defaults fill what it leaves out). */
export const UpdateCampaignBody = z
  .object(campaignFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one field to change',
  });
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBody>;

export const CampaignIdParams = z.object({ id: entityId() });

export const CAMPAIGN_SORTS = ['newest', 'endingSoon', 'startingSoon'] as const;

export const CampaignListQuery = z.object({
  /** `streamer`: your own campaigns, every status (streamers only). `audience`: public campaigns. */
  type: z.enum(['streamer', 'audience']).default('audience'),
  /** One status or several, comma-separated (`scheduled,live`). */
  status: text()
    .max(100)
    .transform((value) => value.split(',').map((item) => item.trim()))
    .pipe(z.array(CampaignStatus).min(1))
    .optional(),
  platform: LivePlatformSchema.optional(),
  streamerId: entityId().optional(),
  /** `true`: only campaigns of the streamers you follow (signed in; 401 otherwise). */
  followed: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** `true`: only campaigns on your watchlist (signed in; 401 otherwise) — the audience's watchlist page. */
  watched: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Text in the title or description. */
  q: text().trim().max(CAMPAIGN_LIMITS.searchTextMax).optional(),
  sort: z.enum(CAMPAIGN_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(UPLOAD.maxListPageSize).default(CAMPAIGN_LIMITS.defaultPageSize),
  /** `nextCursor` of the previous page (same filters and sort). */
  cursor: text().max(500).optional(),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

export const CampaignList = z.object({
  list: z.array(Campaign),
  nextCursor: z.string().nullable(),
});
export type CampaignList = z.infer<typeof CampaignList>;

export const campaignRoutes = {
  listCampaigns: defineRoute({
    method: 'GET',
    path: '/api/campaign',
    access: 'public',
    summary:
      'Campaigns: type=streamer → your own (every status); type=audience → public ones with isWatch; filters, sort, cursor paging',
    query: CampaignListQuery,
    response: CampaignList,
  }),
  getCampaign: defineRoute({
    method: 'GET',
    path: '/api/campaign/:id',
    access: 'public',
    summary: 'One campaign (drafts only to their streamer)',
    params: CampaignIdParams,
    response: Campaign,
  }),
  createCampaign: defineRoute({
    method: 'POST',
    path: '/api/campaign',
    access: 'streamer',
    summary:
      'Create a campaign (draft, or scheduled to publish it). Send an Idempotency-Key (kept by the form): the same key answers the campaign it created, never a second one',
    body: CreateCampaignBody,
    response: Campaign,
    successStatus: 201,
  }),
  startCampaignNow: defineRoute({
    method: 'POST',
    path: '/api/campaign/:id/start',
    access: 'streamer',
    summary:
      'Start your scheduled campaign now: its start becomes the server’s now, so comments from now on are entries (422 for drafts, live or ended campaigns)',
    params: CampaignIdParams,
    response: Campaign,
  }),
  updateCampaign: defineRoute({
    method: 'PUT',
    path: '/api/campaign/:id',
    access: 'streamer',
    summary: 'Change your campaign (an ended campaign is read-only: 422)',
    params: CampaignIdParams,
    body: UpdateCampaignBody,
    response: Campaign,
  }),
  deleteCampaign: defineRoute({
    method: 'DELETE',
    path: '/api/campaign/:id',
    access: 'streamer',
    summary: 'Delete your campaign (not once it is live or ended: 422)',
    params: CampaignIdParams,
    response: z.null(),
    successStatus: 204,
  }),
};
