import type { Account, UserSummary } from '@hanabi/api';
import type { Identity, SignInMethodRecord } from '../identity/index.ts';
import { profileFieldsOf } from '../platform-identities/index.ts';
import type { PersonRow } from './account.repository.ts';

/** The one place a user row becomes the `UserSummary` others see of a person (streamer, owner, author). */
export function toUserSummary(user: PersonRow): UserSummary {
  // The numeric TwitCasting id is the account's own (`Account`), not part of the public summary.
  const { twitcastingUserId: _private, ...linked } = profileFieldsOf(user.identities);
  return { id: user.id, name: user.name, avatarUrl: user.avatarUrl, ...linked };
}

/** The one place a user row becomes the `Account` the client sees (rows never go over the wire). */
export function toAccount(
  user: PersonRow,
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
    twitcastingUserId: profileFieldsOf(user.identities).twitcastingUserId,
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
