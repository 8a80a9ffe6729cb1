import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { platformIdentity } from '../../db/schema.ts';
import type { PlatformIdentity } from './platform-identities.repository.ts';

/*
 * The SQL other modules read linked accounts with (decision 0228): one join on (platform, platform_user_id)
 * whatever the platform, so no query names a platform to pick a column.
 */

/** Scalar: the user who linked the account `(platform, platformUserId)`, or null. */
export function linkedUserOf(
  platform: SQL | AnyPgColumn,
  platformUserId: SQL | AnyPgColumn,
): SQL<string | null> {
  return sql<string | null>`(select ${platformIdentity.userId} from ${platformIdentity}
    where ${platformIdentity.platform} = ${platform} and ${platformIdentity.platformUserId} = ${platformUserId})`;
}

/**
 * `left join platform_identity {alias}` on an account given as SQL (raw queries' aliases): `{alias}.user_id` is
 * the user who linked it, or null.
 */
export function joinLinkedUser(alias: string, platform: SQL, platformUserId: SQL): SQL {
  const a = sql.identifier(alias);
  return sql`left join platform_identity ${a} on ${a}.platform = ${platform} and ${a}.platform_user_id = ${platformUserId}`;
}

/** Whether the user `userId` has linked an account on `platform` (`null` platform: on any). */
export function hasLinkedIdentity(userId: SQL | AnyPgColumn, platform: string | null = null): SQL {
  const onPlatform = platform === null ? sql`` : sql` and ${platformIdentity.platform} = ${platform}`;
  return sql`exists (select 1 from ${platformIdentity} where ${platformIdentity.userId} = ${userId}${onPlatform})`;
}

/**
 * Whether one of the user's linked accounts has a name or handle (and with `ids`, a platform id) matching the
 * `ilike` pattern.
 */
export function identityMatches(
  userId: SQL | AnyPgColumn,
  pattern: string,
  options: { ids?: boolean } = {},
): SQL {
  const id = options.ids ? sql` or ${platformIdentity.platformUserId} ilike ${pattern}` : sql``;
  return sql`exists (select 1 from ${platformIdentity} where ${platformIdentity.userId} = ${userId} and (
    ${platformIdentity.displayName} ilike ${pattern} or ${platformIdentity.screenId} ilike ${pattern}${id}))`;
}

/** Whether the user has linked one of `accounts`. */
export function hasLinkedAnyOf(
  userId: SQL | AnyPgColumn,
  accounts: ReadonlyArray<{ platform: string; platformUserId: string }>,
): SQL {
  if (accounts.length === 0) return sql`false`;
  const pairs = sql.join(
    accounts.map((account) => sql`(${account.platform}, ${account.platformUserId})`),
    sql`, `,
  );
  return sql`exists (select 1 from ${platformIdentity} where ${platformIdentity.userId} = ${userId}
    and (${platformIdentity.platform}, ${platformIdentity.platformUserId}) in (${pairs}))`;
}

/** Whether one of the user's linked accounts is `text`: its platform id exactly, or its handle in any case. */
export function identityIs(userId: SQL | AnyPgColumn, text: string): SQL {
  return sql`exists (select 1 from ${platformIdentity} where ${platformIdentity.userId} = ${userId} and (
    ${platformIdentity.platformUserId} = ${text} or lower(${platformIdentity.screenId}) = lower(${text})))`;
}

/**
 * Scalar JSON: the user's linked accounts (`PlatformIdentity[]`, in platform order) as one select column, so a
 * list of users needs no second query.
 */
export function identitiesOf(userId: SQL | AnyPgColumn): SQL<PlatformIdentity[]> {
  return sql<PlatformIdentity[]>`(select coalesce(json_agg(json_build_object(
      'platform', pi.platform, 'platformUserId', pi.platform_user_id, 'screenId', pi.screen_id,
      'displayName', pi.display_name, 'imageUrl', pi.image_url) order by pi.platform), '[]'::json)
    from platform_identity pi where pi.user_id = ${userId})`;
}
