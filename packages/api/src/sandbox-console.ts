import { z } from 'zod';
import { LivePlatformSchema } from './live-platform.ts';

/*
 * The sandbox chat console API (`/sandbox/api/…`, embedded servers only). It drives the fake platforms, not
 * Hanabi, so it is not in the route table (no access rule, no OpenAPI); its shapes still live here so the
 * server's console routes and the web console page share one definition.
 */
export const SANDBOX_API_BASE = '/sandbox/api';

export const SandboxPlatform = LivePlatformSchema;
export type SandboxPlatform = z.infer<typeof SandboxPlatform>;

export const SandboxAccountView = z.object({
  platform: SandboxPlatform,
  /** `UC…` (24 chars) on YouTube, a numeric string on TwitCasting. */
  id: z.string(),
  /** TwitCasting screen id; YouTube custom URL handle. */
  screenId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** Offered on the consent page (streamers and a few viewers); auto-chatter viewers are not. */
  selectable: z.boolean(),
});
export type SandboxAccountView = z.infer<typeof SandboxAccountView>;

export const SandboxAutoChatterBody = z.object({
  viewers: z.number().int().min(1).max(10_000),
  perSecond: z.number().min(0.1).max(100),
  keyword: z.string().min(1).max(50).optional(),
  keywordShare: z.number().min(0).max(1).default(0.5),
  memberShare: z.number().min(0).max(1).default(0),
});
export type SandboxAutoChatterBody = z.input<typeof SandboxAutoChatterBody>;
export type SandboxAutoChatter = z.output<typeof SandboxAutoChatterBody>;

export const SandboxStreamView = z.object({
  platform: SandboxPlatform,
  /** YouTube video id / TwitCasting movie id. */
  id: z.string(),
  ownerId: z.string(),
  title: z.string(),
  /** YouTube only. */
  liveChatId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type SandboxStreamView = z.infer<typeof SandboxStreamView>;

export const SandboxMessageView = z.object({
  id: z.string(),
  type: z.enum(['text', 'superChat', 'membership', 'deleted', 'chatEnded']),
  authorId: z.string(),
  text: z.string(),
  isMember: z.boolean(),
  isModerator: z.boolean(),
  superChat: z.object({ amountMicros: z.string(), currency: z.string() }).nullable(),
  /** For `deleted` events: the message taken down. */
  deletedMessageId: z.string().nullable(),
  publishedAt: z.string(),
  /** Taken down: no longer listed (its `deleted` event is). */
  removed: z.boolean(),
});
export type SandboxMessageView = z.infer<typeof SandboxMessageView>;

export const SandboxSettingsBody = z
  .object({
    youtubeQuotaLimit: z.number().int().min(0),
    youtubeQuotaUsed: z.number().int().min(0),
    youtubePollingIntervalMillis: z.number().int().min(0).max(60_000),
    /**
     * `liveChatMessages.stream`: `on` as Google serves it; `errorElement` answers 200 and then an error element
     * (503 backendError) inside the array; `off` refuses the endpoint (404), as for a project without it.
     */
    youtubeStreamMode: z.enum(['on', 'errorElement', 'off']),
    /** The stream closes after this long without a new message (Google closes idle streams after ~10 s). */
    youtubeStreamIdleMs: z.number().int().min(100).max(600_000),
    twitcastingRateLimit: z.number().int().min(1),
    twitcastingWindowSeconds: z.number().int().min(1).max(3600),
    /** TwitCasting documents 403 / 2000; some fakes and proxies answer 429. */
    twitcastingLimitStatus: z.union([z.literal(403), z.literal(429)]),
    /** TwitCasting registers one callback per app (no redirect_uri on authorize). */
    twitcastingCallbackUrl: z.url(),
  })
  .partial();
export type SandboxSettingsBody = z.infer<typeof SandboxSettingsBody>;

export const SandboxState = z.object({
  accounts: z.array(SandboxAccountView),
  streams: z.array(SandboxStreamView.extend({ autoChatter: z.custom<SandboxAutoChatter>().nullable() })),
  settings: SandboxSettingsBody.required(),
});
export type SandboxState = z.infer<typeof SandboxState>;

export const SandboxStartStreamBody = z.object({
  platform: SandboxPlatform,
  ownerId: z.string().min(1),
  title: z.string().min(1).max(100).default('Sandbox live'),
});
export type SandboxStartStreamBody = z.input<typeof SandboxStartStreamBody>;

export const SandboxPostMessageBody = z.object({
  authorId: z.string().min(1).optional(),
  authorName: z.string().min(1).max(60).optional(),
  text: z.string().max(200),
  member: z.boolean().optional(),
  moderator: z.boolean().optional(),
  owner: z.boolean().optional(),
  membership: z.boolean().optional(),
  superChat: z
    .object({ amountMicros: z.string().regex(/^\d{1,15}$/), currency: z.string().length(3) })
    .optional(),
});
export type SandboxPostMessageBody = z.infer<typeof SandboxPostMessageBody>;
