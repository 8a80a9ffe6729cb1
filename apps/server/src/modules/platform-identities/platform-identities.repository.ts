import { and, eq, ne, sql } from 'drizzle-orm';
import type { LivePlatform } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { platformIdentity } from '../../db/schema.ts';

/** A platform account as a user linked it: the platform's stable id and what the platform showed of it. */
export interface PlatformIdentity {
  platform: LivePlatform;
  /** The platform's STABLE id (YouTube channel id, TwitCasting numeric user id), never a changeable handle. */
  platformUserId: string;
  /** A changeable handle the platform shows (TwitCasting's screen id), where it has one. */
  screenId: string | null;
  displayName: string | null;
  imageUrl: string | null;
}

type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'insert' | 'delete'>;

const identityColumns = {
  platform: platformIdentity.platform,
  platformUserId: platformIdentity.platformUserId,
  screenId: platformIdentity.screenId,
  displayName: platformIdentity.displayName,
  imageUrl: platformIdentity.imageUrl,
};

/** The accounts a user has linked, one per platform, in platform order. */
export async function identitiesOfUser(db: Reader, userId: string): Promise<PlatformIdentity[]> {
  return db
    .select(identityColumns)
    .from(platformIdentity)
    .where(eq(platformIdentity.userId, userId))
    .orderBy(platformIdentity.platform);
}

/** Whether a user other than `userId` has linked this account. */
export async function identityLinkedByOther(
  db: Reader,
  userId: string,
  platform: LivePlatform,
  platformUserId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: platformIdentity.userId })
    .from(platformIdentity)
    .where(
      and(
        eq(platformIdentity.platform, platform),
        eq(platformIdentity.platformUserId, platformUserId),
        ne(platformIdentity.userId, userId),
      ),
    );
  return Boolean(row);
}

/**
 * Records `identity` as the user's account on its platform, replacing the one they had there (a user holds at
 * most one account per platform). An account another user holds is refused by the primary key: callers check
 * {@link identityLinkedByOther} first and answer the person. `linked_at` stays while the account is the same.
 */
export async function linkIdentity(
  tx: Writer,
  userId: string,
  identity: PlatformIdentity,
  now: Date,
): Promise<void> {
  await tx
    .insert(platformIdentity)
    .values({ ...identity, userId, linkedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [platformIdentity.userId, platformIdentity.platform],
      set: {
        platformUserId: identity.platformUserId,
        screenId: identity.screenId,
        displayName: identity.displayName,
        imageUrl: identity.imageUrl,
        linkedAt: sql`case when ${platformIdentity.platformUserId} = excluded.platform_user_id
          then ${platformIdentity.linkedAt} else excluded.linked_at end`,
        updatedAt: now,
      },
    });
}

/** Removes the user's account on `platform`; answers the account removed (null: none was linked). */
export async function unlinkIdentity(
  tx: Writer,
  userId: string,
  platform: LivePlatform,
): Promise<PlatformIdentity | null> {
  const [row] = await tx
    .delete(platformIdentity)
    .where(and(eq(platformIdentity.userId, userId), eq(platformIdentity.platform, platform)))
    .returning(identityColumns);
  return row ?? null;
}
