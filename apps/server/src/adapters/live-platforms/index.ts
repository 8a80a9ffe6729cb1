// Where every live platform plugs in (decision 0224): one driver per platform, from its own adapter folder.
import { LivePlatformRegistry, type LivePlatform } from '../live-chat/index.ts';
import { twitcastingChannelUrl, twitcastingDriver, type TwitCastingApi } from '../twitcasting/index.ts';
import {
  youtubeChannelUrl,
  youtubeDriver,
  type YouTubeApi,
  type YouTubeApiOptions,
} from '../youtube/index.ts';

export { LivePlatformRegistry } from '../live-chat/index.ts';
export type { LivePlatformDriver, PlatformGrant } from '../live-chat/index.ts';

/** Every platform Hanabi reads: adding a platform adds its driver here. */
export function createLivePlatforms(clients: {
  youtube: YouTubeApi;
  /** A YouTube client that reports each call's quota units to `onQuota` (counted per stream). */
  youtubeFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi;
  twitcasting: TwitCastingApi;
  /** How YouTube chat is read: streamed (falling back to `list` for a while on failure) or `list` only. */
  youtubeTransport?: 'stream' | 'list';
}): LivePlatformRegistry {
  return new LivePlatformRegistry([
    youtubeDriver(clients.youtube, clients.youtubeFor, { transport: clients.youtubeTransport ?? 'stream' }),
    twitcastingDriver(clients.twitcasting),
  ]);
}

/**
 * An account's public page on its platform, from the same rule as its driver's `pages` (no client needed, so a
 * module without the registry can link a profile); null where the platform cannot address the account.
 */
export const ACCOUNT_PAGE: Record<
  LivePlatform,
  (account: { platformUserId: string; screenId: string | null }) => string | null
> = {
  youtube: (account) => youtubeChannelUrl(account.platformUserId),
  twitcasting: (account) => twitcastingChannelUrl(account.screenId),
};
