import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { UPLOAD } from '../constants.ts';
import { UserSummary } from './account.routes.ts';
import { Campaign, PrizeGoods } from './campaign.routes.ts';
import { LivePlatformSchema } from '../live-platform.ts';

export const STREAMER_LIMITS = { searchTextMax: 100, defaultPageSize: 20, profileListMax: 50 } as const;

/** A streamer as the directory lists them: the public summary plus counts. */
export const StreamerCard = UserSummary.extend({
  bio: z.string(),
  followerCount: z.number().int(),
  /** Scheduled and live campaigns. */
  activeCampaignCount: z.number().int(),
  /** The caller follows them (false for signed-out callers). */
  isFollowing: z.boolean(),
});
export type StreamerCard = z.infer<typeof StreamerCard>;

export const PlatformLink = z.object({
  platform: LivePlatformSchema,
  label: z.string(),
  url: z.string(),
});
export type PlatformLink = z.infer<typeof PlatformLink>;

/** `GET /api/streamer/{id}`: the profile with links, public campaigns (newest first) and published goods. */
export const StreamerProfile = z.object({
  streamer: StreamerCard,
  links: z.array(PlatformLink),
  campaigns: z.array(Campaign),
  goods: z.array(PrizeGoods),
});
export type StreamerProfile = z.infer<typeof StreamerProfile>;

export const STREAMER_SORTS = ['followers', 'activeCampaigns', 'newest'] as const;

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const StreamerListQuery = z.object({
  /** Text in the name or a platform name / id. */
  q: text().trim().max(STREAMER_LIMITS.searchTextMax).optional(),
  sort: z.enum(STREAMER_SORTS).default('followers'),
  /** Only the streamers you follow (signed-in audience). */
  following: booleanFlag.optional(),
  limit: z.coerce.number().int().min(1).max(UPLOAD.maxListPageSize).default(STREAMER_LIMITS.defaultPageSize),
  cursor: text().max(500).optional(),
});
export type StreamerListQuery = z.infer<typeof StreamerListQuery>;

export const StreamerList = z.object({ list: z.array(StreamerCard), nextCursor: z.string().nullable() });
export type StreamerList = z.infer<typeof StreamerList>;

export const StreamerIdParams = z.object({ id: entityId() });

export const FollowState = z.object({
  streamerId: z.string(),
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowState = z.infer<typeof FollowState>;

/** `GET /api/user`: a search by name or platform id; only fields anyone may see. */
export const UserSearchQuery = z.object({
  q: text().trim().min(1).max(STREAMER_LIMITS.searchTextMax),
  type: z.enum(['streamer', 'audience']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(STREAMER_LIMITS.defaultPageSize),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

export const PublicUser = UserSummary.extend({
  type: z.enum(['streamer', 'audience']),
  twitcastingUserId: z.string().nullable(),
  /** Whether prizes can be sent to them right away (a wallet is set); the address itself stays private. */
  hasWallet: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const UserSearchResult = z.object({ list: z.array(PublicUser) });
export type UserSearchResult = z.infer<typeof UserSearchResult>;

export const streamerRoutes = {
  listStreamers: defineRoute({
    method: 'GET',
    path: '/api/streamer',
    access: 'public',
    summary: 'Streamers: search, sort by followers / active campaigns / newest, cursor paging',
    query: StreamerListQuery,
    response: StreamerList,
  }),
  getStreamer: defineRoute({
    method: 'GET',
    path: '/api/streamer/:id',
    access: 'public',
    summary: 'A streamer’s profile, platform links, public campaigns and published goods',
    params: StreamerIdParams,
    response: StreamerProfile,
  }),
  followStreamer: defineRoute({
    method: 'POST',
    path: '/api/streamer/:id/follow',
    access: 'audience',
    summary: 'Follow a streamer (idempotent)',
    params: StreamerIdParams,
    response: FollowState,
  }),
  unfollowStreamer: defineRoute({
    method: 'DELETE',
    path: '/api/streamer/:id/follow',
    access: 'audience',
    summary: 'Stop following a streamer (idempotent)',
    params: StreamerIdParams,
    response: FollowState,
  }),
  searchUsers: defineRoute({
    method: 'GET',
    path: '/api/user',
    access: 'signedIn',
    summary:
      'Find people by name, YouTube channel id or TwitCasting user id / screen id (streamers and operators; others 403)',
    query: UserSearchQuery,
    response: UserSearchResult,
  }),
};
