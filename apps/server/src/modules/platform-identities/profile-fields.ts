import { LIVE_PLATFORMS, type LivePlatform, type PlatformLink } from '@hanabi/api';
import { ACCOUNT_PAGE } from '../../adapters/live-platforms/index.ts';
import type { PlatformIdentity } from './platform-identities.repository.ts';

/**
 * The linked accounts as the contract's flat person fields (`UserSummary`, `Account`, the operator's user): the
 * original product's response shape, kept for the web and the original client. The one place those fields are
 * filled; a new platform adds its own fields to the contract before it shows here.
 */
export interface ProfileFields {
  youtubeChannelId: string | null;
  youtubeTitle: string | null;
  youtubeThumbnailUrl: string | null;
  twitcastingUserId: string | null;
  twitcastingScreenId: string | null;
  twitcastingName: string | null;
  twitcastingImageUrl: string | null;
}

export function profileFieldsOf(identities: readonly PlatformIdentity[]): ProfileFields {
  const on = (platform: LivePlatform) => identities.find((identity) => identity.platform === platform);
  const youtube = on('youtube');
  const twitcasting = on('twitcasting');
  return {
    youtubeChannelId: youtube?.platformUserId ?? null,
    youtubeTitle: youtube?.displayName ?? null,
    youtubeThumbnailUrl: youtube?.imageUrl ?? null,
    twitcastingUserId: twitcasting?.platformUserId ?? null,
    twitcastingScreenId: twitcasting?.screenId ?? null,
    twitcastingName: twitcasting?.displayName ?? null,
    twitcastingImageUrl: twitcasting?.imageUrl ?? null,
  };
}

/** The public links to a person's linked accounts (a streamer's profile), in `LIVE_PLATFORMS` order. */
export function profileLinksOf(identities: readonly PlatformIdentity[]): PlatformLink[] {
  return LIVE_PLATFORMS.flatMap((platform) => {
    const identity = identities.find((candidate) => candidate.platform === platform);
    const url = identity && ACCOUNT_PAGE[platform](identity);
    if (!identity || !url) return [];
    const label = identity.displayName ?? identity.screenId ?? identity.platformUserId;
    return [{ platform, label, url }];
  });
}
