import type { Account, UserSummary } from '@hanabi/api';
import type { Identity, SignInMethodRecord } from '../identity/index.ts';
import type { AppUserRow } from './account.repository.ts';

/** The one place a user row becomes the `UserSummary` others see of a person (streamer, owner, author). */
export function toUserSummary(user: AppUserRow): UserSummary {
  return {
    id: user.id,
    name: user.name,
    avatarUrl: user.avatarUrl,
    youtubeChannelId: user.youtubeChannelId,
    youtubeTitle: user.youtubeTitle,
    youtubeThumbnailUrl: user.youtubeThumbnailUrl,
    twitcastingScreenId: user.twitcastingScreenId,
    twitcastingName: user.twitcastingName,
    twitcastingImageUrl: user.twitcastingImageUrl,
  };
}

/** The one place a user row becomes the `Account` the client sees (rows never go over the wire). */
export function toAccount(
  user: AppUserRow,
  identity: Identity | null,
  methods: SignInMethodRecord[],
): Account {
  return {
    ...toUserSummary(user),
    type: user.type,
    role: user.role,
    email: identity?.email ?? null,
    bio: user.bio,
    walletAddress: user.walletAddress,
    twitcastingUserId: user.twitcastingUserId,
    locale: user.locale,
    collectionPublic: user.collectionPublic,
    emailNotices: user.emailNotices,
    signInMethods: methods.map((method) => ({
      provider: method.provider,
      linkedAt: method.linkedAt.toISOString(),
    })),
    createdAt: user.createdAt.toISOString(),
  };
}
