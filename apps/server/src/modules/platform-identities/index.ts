// The public face of `modules/platform-identities`: what other folders may import from it (decision 0181); the rest is its own.
// The `platform_identity` rows (decision 0228): live-connections links and unlinks, the others read.
export {
  identitiesOfUser,
  identityLinkedByOther,
  linkIdentity,
  unlinkIdentity,
} from './platform-identities.repository.ts';
export type { PlatformIdentity } from './platform-identities.repository.ts';
export {
  hasLinkedAnyOf,
  hasLinkedIdentity,
  identitiesOf,
  identityIs,
  identityMatches,
  joinLinkedUser,
  linkedUserOf,
} from './platform-identities.sql.ts';
export { profileFieldsOf, profileLinksOf } from './profile-fields.ts';
export type { ProfileFields } from './profile-fields.ts';
