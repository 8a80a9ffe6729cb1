import type { Account } from '@hanabi/api';
import type { Identity, SignInMethodRecord } from '../identity/index.ts';
import type { AppUserRow } from './account.repository.ts';

/** The one place a user row becomes the `Account` the client sees (rows never go over the wire). */
export function toAccount(
  user: AppUserRow,
  identity: Identity | null,
  methods: SignInMethodRecord[],
): Account {
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
