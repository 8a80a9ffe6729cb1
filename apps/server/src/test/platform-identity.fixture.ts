import { and, eq } from 'drizzle-orm';
import type { LivePlatform } from '@hanabi/api';
import type { Db } from '../db/client.ts';
import { platformIdentity } from '../db/schema.ts';

/** What a test says of a linked account beyond its platform id. */
export interface AccountDetails {
  screenId?: string | null;
  displayName?: string | null;
  imageUrl?: string | null;
}

/**
 * Links a platform account to a user as `live-connections` leaves it after the OAuth callback: a
 * `platform_identity` row (decision 0228), replacing the user's account on that platform.
 */
export async function linkAccount(
  db: Pick<Db, 'insert' | 'delete'>,
  userId: string,
  platform: LivePlatform,
  platformUserId: string,
  details: AccountDetails = {},
): Promise<void> {
  await unlinkAccount(db, userId, platform);
  await db.insert(platformIdentity).values({
    userId,
    platform,
    platformUserId,
    screenId: details.screenId ?? null,
    displayName: details.displayName ?? null,
    imageUrl: details.imageUrl ?? null,
  });
}

/** Removes the user's account on `platform` (none: nothing). */
export async function unlinkAccount(
  db: Pick<Db, 'delete'>,
  userId: string,
  platform: LivePlatform,
): Promise<void> {
  await db
    .delete(platformIdentity)
    .where(and(eq(platformIdentity.userId, userId), eq(platformIdentity.platform, platform)));
}

/** The user's linked accounts, by platform. */
export async function linkedAccounts(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<Partial<Record<LivePlatform, typeof platformIdentity.$inferSelect>>> {
  const rows = await db.select().from(platformIdentity).where(eq(platformIdentity.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.platform, row]));
}
