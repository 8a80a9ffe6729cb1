import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, platformId, text } from '../string-primitives.ts';
import { UPLOAD } from '../constants.ts';
import { LocaleSchema } from './account.routes.ts';
import { CampaignIdParams } from './campaign.routes.ts';
import { LivePlatformSchema } from '../live-platform.ts';

/*
 * Live (issue [Live], docs/design.md §5 and §6): platform connections (OAuth), the live streams of a campaign, their
 * chat comments and the live event stream. Draws and winners are in draw.routes.ts.
 *
 * Path ids: `{a}/{b}` of the original's `/api/liveStreaming/{platform}/{a}/{b}/…` are the stream's channel and
 * broadcast: YouTube channel id / video id, TwitCasting user id / movie id (a `LiveStream`'s `channelId` and
 * `broadcastId`).
 */

// ─── LivePlatform connections ────────────────────────────────────────────────────────────────────────────────────

/**
 * Why a connection is made. `identity`: prove the platform identity you comment with (any signed-in user; links
 * the user summary fields and releases held prizes). `liveStreaming`: a streamer lets Hanabi read their live chat
 * (also links the identity).
 */
export const ConnectionPurpose = z.enum(['identity', 'liveStreaming']);
export type ConnectionPurpose = z.infer<typeof ConnectionPurpose>;

export const PlatformConnection = z.object({
  platform: LivePlatformSchema,
  /** YouTube channel id (`UC…`) or TwitCasting numeric user id. */
  platformUserId: z.string(),
  /** TwitCasting screen id; null on YouTube. */
  screenId: z.string().nullable(),
  displayName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** A token that may read live chat is stored (streamers). */
  canReadChat: z.boolean(),
  /** The platform refused the stored token: connect again. */
  needsReconnect: z.boolean(),
  connectedAt: z.string(),
});
export type PlatformConnection = z.infer<typeof PlatformConnection>;

export const PlatformConnections = z.object({
  youtube: PlatformConnection.nullable(),
  twitcasting: PlatformConnection.nullable(),
});
export type PlatformConnections = z.infer<typeof PlatformConnections>;

/** Where the browser returns after the platform's consent page: a same-origin path (default: the account page). */
export const OAuthUrlQuery = z.object({
  returnTo: text()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'a path on this site, starting with one "/"')
    .optional(),
});
export type OAuthUrlQuery = z.infer<typeof OAuthUrlQuery>;

/**
 * The platform's consent page to open; `state` binds the answer to this session, purpose and return path, and
 * the answer sets an HttpOnly cookie (`hanabi.connect`, callback path only) binding it to this browser.
 */
export const OAuthUrl = z.object({ url: z.string() });
export type OAuthUrl = z.infer<typeof OAuthUrl>;

/**
 * The platforms' OAuth callbacks (`GET ?code&state` or `?error&state`). They answer with a redirect, so they are
 * registered outside the route table: back to `returnTo` with `?connected={platform}` or
 * `?connectError={code}` (`denied`, `expired`, `alreadyLinked`, `notStreamer`, `platform`, and — when the
 * browser that came back is not the one that asked (`browserMismatch`) or is not signed in as the person who
 * asked (`signInAgain`) — nothing is linked: sign in, then connect again).
 */
export const OAUTH_CALLBACK_PATHS = {
  youtube: '/api/oauth/youtube/callback',
  twitcasting: '/api/oauth/twitcasting/callback',
} as const;
export const OAUTH_CONNECT_ERRORS = [
  'denied',
  'expired',
  'alreadyLinked',
  'notStreamer',
  'platform',
  'browserMismatch',
  'signInAgain',
] as const;
export type OAuthConnectError = (typeof OAUTH_CONNECT_ERRORS)[number];

// ─── Live streams ────────────────────────────────────────────────────────────────────────────────────────────

export const LIVE_STREAM_STATUSES = ['waiting', 'live', 'ended', 'error'] as const;
export const LiveStreamStatus = z.enum(LIVE_STREAM_STATUSES);
export type LiveStreamStatus = z.infer<typeof LiveStreamStatus>;

/** YouTube's default daily quota (units) and what one chat poll costs. */
export const YOUTUBE_QUOTA = { dailyUnits: 10_000, chatPollUnits: 5 } as const;

/**
 * The Google project's YouTube quota today (Pacific day), shared by every stream's reader (decision 0161):
 * units used and left, the current pace, and when the rest runs out at that pace (null: it lasts the day).
 */
export const YouTubeQuotaToday = z.object({
  day: z.string(),
  used: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
  ratePerHour: z.number().int(),
  runsOutAt: z.string().nullable(),
  resetsAt: z.string(),
});
export type YouTubeQuotaToday = z.infer<typeof YouTubeQuotaToday>;

/**
 * Why reading a stream's chat stopped or waits, as a stable code the web words in the reader's language (decision
 * 0205); `LiveStream.lastError` keeps the server's English (with its numbers) as the fallback and for logs.
 */
export const LIVE_STREAM_ERROR_CODES = [
  /** The platform no longer finds the broadcast's chat; reading stopped. */
  'chatGone',
  /** Chat is turned off for the broadcast. */
  'chatDisabled',
  /** YouTube's daily API quota for the whole project is used up (Google's refusal). */
  'projectQuotaUsedUp',
  /** Hanabi's own share of today's YouTube quota is spent, for all streams. */
  'projectQuotaBudgetSpent',
  /** This stream's quota budget for today is spent. */
  'streamQuotaBudgetSpent',
  /** The platform no longer accepts Hanabi's access: connect again, then start reading again. */
  'accessRevoked',
  /** The platform refused to show the chat to the connected account. */
  'chatRefused',
  /** A read failed just now; the next is on its way. */
  'readFailedRetrying',
] as const;
export const LiveStreamErrorCode = z.enum(LIVE_STREAM_ERROR_CODES);
export type LiveStreamErrorCode = z.infer<typeof LiveStreamErrorCode>;

export const LiveStream = z.object({
  id: z.string(),
  campaignId: z.string(),
  platform: LivePlatformSchema,
  /** `{a}`: YouTube channel id, TwitCasting user id. */
  channelId: z.string(),
  /** `{b}`: YouTube video id, TwitCasting movie id. */
  broadcastId: z.string(),
  title: z.string().nullable(),
  status: LiveStreamStatus,
  commentCount: z.number().int(),
  /** Distinct eligible entrants of this stream under the campaign's entry rule. */
  entrantCount: z.number().int(),
  /** YouTube: units spent today on this stream, and its budget (null on TwitCasting). */
  quotaUsed: z.number().int(),
  quotaBudget: z.number().int().nullable(),
  /** TwitCasting: calls left in the current rate-limit window, when known. */
  rateLimitRemaining: z.number().int().nullable(),
  pollingIntervalMs: z.number().int().nullable(),
  /** What went wrong last, in the server's English a streamer can act on (null when fine): the fallback. */
  lastError: z.string().nullable(),
  /** `lastError`'s case for the web's own words; null when fine or when the text is of no known case. */
  lastErrorCode: LiveStreamErrorCode.nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type LiveStream = z.infer<typeof LiveStream>;

/** A campaign's live side, per platform: the connection, the stream being read, and whether one can start. */
export const LivePlatformState = z.object({
  platform: LivePlatformSchema,
  /** The campaign runs on this platform. */
  enabled: z.boolean(),
  connection: PlatformConnection.nullable(),
  /** The stream currently (or last) read for this campaign on this platform. */
  stream: LiveStream.nullable(),
});
export type LivePlatformState = z.infer<typeof LivePlatformState>;

export const LiveOverview = z.object({
  campaignId: z.string(),
  campaignTitle: z.string(),
  campaignStatus: z.string(),
  /** The campaign's period and when entries closed for good (null while open): what comment reasons refer to. */
  startsAt: z.string(),
  endsAt: z.string(),
  entriesClosedAt: z.string().nullable(),
  platforms: z.array(LivePlatformState),
  /** Distinct eligible entrants over all streams of the campaign (one person once across platforms). */
  entrantCount: z.number().int(),
  commentCount: z.number().int(),
});
export type LiveOverview = z.infer<typeof LiveOverview>;

export const StartStreamBody = z.object({ platform: LivePlatformSchema });

/** The stream's platform ids in the original's paths: `a` the channel (user) id, `b` the broadcast (movie) id. */
export const LiveStreamParams = z.object({ a: platformId(), b: platformId() });
export const LIVE_LIMITS = { commentPageSize: 50, overlayTicker: 20 } as const;

// ─── Comments ────────────────────────────────────────────────────────────────────────────────────────────────

export const COMMENT_REASONS = [
  'deleted',
  'notChat',
  'notStarted',
  'ended',
  'entriesClosed',
  'membersOnly',
  'moderator',
  'keyword',
  'alreadyWon',
  'cooldown',
  'duplicate',
] as const;
export const CommentReason = z.enum(COMMENT_REASONS);
export type CommentReason = z.infer<typeof CommentReason>;

export const LiveComment = z.object({
  id: z.string(),
  platform: LivePlatformSchema,
  platformMessageId: z.string(),
  authorPlatformId: z.string(),
  authorName: z.string(),
  authorImageUrl: z.string().nullable(),
  text: z.string(),
  kind: z.enum(['text', 'superChat', 'membership', 'other']),
  isMember: z.boolean(),
  isModerator: z.boolean(),
  isOwner: z.boolean(),
  deleted: z.boolean(),
  /** The comment counts as an entry under the campaign's entry rule (keyword, members, moderators, window). */
  eligible: z.boolean(),
  /**
   * Why the comment adds no entrant (null: it is its author's entry): the rule it breaks (then `eligible` is
   * false), or, for a comment that matches the rule, its author (already a winner here, in the streamer's
   * cooldown, or entered before with an earlier comment: `duplicate`).
   */
  reason: CommentReason.nullable(),
  publishedAt: z.string(),
});
export type LiveComment = z.infer<typeof LiveComment>;

export const CommentListQuery = z.object({
  campaignId: entityId(),
  /** Newest first; `nextCursor` of the previous page for older comments. */
  cursor: text().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(UPLOAD.maxListPageSize).default(LIVE_LIMITS.commentPageSize),
  onlyEligible: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

export const CommentList = z.object({
  list: z.array(LiveComment),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type CommentList = z.infer<typeof CommentList>;

// ─── Overlay (OBS browser source; public, no session) ───────────────────────────────────────────────────────

export const OverlayState = z.object({
  campaignId: z.string(),
  campaignTitle: z.string(),
  /** The streamer's language: the overlay speaks it unless the browser source asks `?lang=`. */
  locale: LocaleSchema,
  prizeName: z.string(),
  prizeImageUrl: z.string().nullable(),
  entrantCount: z.number().int(),
  /** The newest entrants' display names, newest first (the ticker). */
  recentEntrants: z.array(z.string()),
  /** The newest revealed draw, for the animation; null before the first. */
  latestDraw: z
    .object({
      id: z.string(),
      round: z.number().int(),
      revealedAt: z.string(),
      entrantCount: z.number().int(),
      winners: z.array(z.object({ entrantKey: z.string(), displayName: z.string() })),
      /** Path of the public proof page (`/draw/{id}`). */
      proofPath: z.string(),
    })
    .nullable(),
});
export type OverlayState = z.infer<typeof OverlayState>;

/**
 * Live events of a campaign: `GET` this path for a `text/event-stream` (public for campaigns that are not drafts,
 * so an OBS browser source can open it). Not in the route table because it never ends. Each event's `data` is a
 * {@link LiveEvent} JSON; the event name is its `type`.
 */
export const liveEventsPath = (campaignId: string) =>
  `/api/liveStreaming/${encodeURIComponent(campaignId)}/events`;
export const LIVE_EVENTS_PATH_PATTERN = '/api/liveStreaming/:id/events';

export const LiveEvent = z.discriminatedUnion('type', [
  /** New comments were stored (counts only: clients refetch what they show). */
  z.object({
    type: z.literal('comments'),
    liveStreamId: z.string(),
    added: z.number().int(),
    entrantCount: z.number().int(),
  }),
  /** A stream's status, error or quota changed. */
  z.object({ type: z.literal('stream'), liveStreamId: z.string(), status: LiveStreamStatus }),
  /** A draw opened, closed, was revealed or failed. */
  z.object({
    type: z.literal('draw'),
    drawId: z.string(),
    status: z.enum(['open', 'closed', 'revealed', 'failed']),
  }),
  /** Winners changed (exclusion, re-draw, distribution, delivery progress). */
  z.object({ type: z.literal('winners') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

export const liveRoutes = {
  youtubeChannelUrl: defineRoute({
    method: 'GET',
    path: '/api/oauth/youtube/channelId/url',
    access: 'signedIn',
    summary: 'Google consent URL to link the YouTube channel you comment with (identity)',
    query: OAuthUrlQuery,
    response: OAuthUrl,
  }),
  youtubeLiveStreamingUrl: defineRoute({
    method: 'GET',
    path: '/api/oauth/youtube/liveStreaming/url',
    access: 'streamer',
    summary: 'Google consent URL to connect the YouTube channel you stream on (reads its live chat)',
    query: OAuthUrlQuery,
    response: OAuthUrl,
  }),
  youtubeDisconnect: defineRoute({
    method: 'DELETE',
    path: '/api/oauth/youtube/channelId',
    access: 'signedIn',
    summary: 'Unlink your YouTube channel (its tokens are deleted; prizes already released stay yours)',
    response: PlatformConnections,
  }),
  twitcastingAccountUrl: defineRoute({
    method: 'GET',
    path: '/api/oauth/twitcasting/account/url',
    access: 'signedIn',
    summary: 'TwitCasting consent URL to link the account you comment with (identity)',
    query: OAuthUrlQuery,
    response: OAuthUrl,
  }),
  twitcastingLiveStreamingUrl: defineRoute({
    method: 'GET',
    path: '/api/oauth/twitcasting/liveStreaming/url',
    access: 'streamer',
    summary: 'TwitCasting consent URL to connect the account you stream on (reads its comments)',
    query: OAuthUrlQuery,
    response: OAuthUrl,
  }),
  twitcastingDisconnect: defineRoute({
    method: 'DELETE',
    path: '/api/oauth/twitcasting/channelId',
    access: 'signedIn',
    summary: 'Unlink your TwitCasting account',
    response: PlatformConnections,
  }),
  myConnections: defineRoute({
    method: 'GET',
    path: '/api/oauth/connections',
    access: 'signedIn',
    summary: 'Your linked platform identities and connections',
    response: PlatformConnections,
  }),
  liveOverview: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/:id/overview',
    access: 'streamer',
    summary: 'The live side of your campaign: per platform the connection, the stream read, counts and quota',
    params: CampaignIdParams,
    response: LiveOverview,
  }),
  startLiveStream: defineRoute({
    method: 'POST',
    path: '/api/liveStreaming/:id/stream',
    access: 'streamer',
    summary:
      'Find your current live broadcast on the platform and start reading its chat for the campaign (422 when you are not live)',
    params: CampaignIdParams,
    body: StartStreamBody,
    response: LiveStream,
    successStatus: 201,
  }),
  stopLiveStream: defineRoute({
    method: 'DELETE',
    path: '/api/liveStreaming/:id/stream',
    access: 'streamer',
    summary: 'Stop reading the chat of the campaign’s stream on a platform (comments read so far stay)',
    params: CampaignIdParams,
    query: StartStreamBody,
    response: LiveStream,
  }),
  twitcastingComments: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/twitcasting/:a/:b/comment',
    access: 'streamer',
    summary: 'Comments of your TwitCasting stream for a campaign, newest first, cursor paged',
    params: LiveStreamParams,
    query: CommentListQuery,
    response: CommentList,
  }),
  youtubeComments: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/youtube/:a/:b/comment',
    access: 'streamer',
    summary: 'Comments of your YouTube stream for a campaign, newest first, cursor paged',
    params: LiveStreamParams,
    query: CommentListQuery,
    response: CommentList,
  }),
  liveQuota: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/:id/quota',
    access: 'streamer',
    summary:
      "The YouTube quota left today for all of Hanabi's streams, and when it runs out at the current pace",
    params: CampaignIdParams,
    response: YouTubeQuotaToday,
  }),
  adminYouTubeQuota: defineRoute({
    method: 'GET',
    path: '/api/admin/youtube/quota',
    access: 'operator',
    summary: "The Google project's YouTube quota today: used by every stream and call, left, pace",
    response: YouTubeQuotaToday,
  }),
  liveOverlay: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/:id/overlay',
    access: 'public',
    summary: 'What the OBS overlay shows: entrant count, ticker, the latest verified draw (not for drafts)',
    params: CampaignIdParams,
    response: OverlayState,
  }),
};
