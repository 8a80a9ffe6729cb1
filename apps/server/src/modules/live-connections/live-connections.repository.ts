import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, authVerification, platformConnection } from '../../db/schema.ts';
import type { LivePlatform } from '../../adapters/live-chat/index.ts';
import { attachClaimsOnUnlink } from '../delivery/index.ts';
import { identityLinkedByOther, linkIdentity, unlinkIdentity } from '../platform-identities/index.ts';

export type PlatformConnectionRow = typeof platformConnection.$inferSelect;
export type AppUserSummary = Pick<typeof appUser.$inferSelect, 'id' | 'type'>;

/** What an OAuth `state` stands for: who asked, for which platform and purpose, and where to go back. */
export interface OAuthStateValue {
  userId: string;
  platform: LivePlatform;
  purpose: 'identity' | 'liveStreaming';
  returnTo: string;
}

/** `auth_verification` rows of ours carry this identifier prefix (better-auth's own rows never do). */
const STATE_IDENTIFIER = 'hanabi-live-oauth';

export interface LinkedIdentity {
  platform: LivePlatform;
  platformUserId: string;
  screenId: string | null;
  displayName: string | null;
  imageUrl: string | null;
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  scopes: string[];
  expiresAt: Date | null;
}

export class LiveConnectionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * OAuth states live in `auth_verification` (id = the random state, with an expiry the housekeeping job prunes).
   * Stored rather than signed so each state works once: taking it deletes it.
   */
  async saveState(state: string, value: OAuthStateValue, expiresAt: Date): Promise<void> {
    await this.db.insert(authVerification).values({
      id: state,
      identifier: STATE_IDENTIFIER,
      value: JSON.stringify(value),
      expiresAt,
    });
  }

  /** Deletes the state and answers it if it was ours (null for unknown or used ones); `expired` says if it ran out. */
  async takeState(state: string, now: Date): Promise<(OAuthStateValue & { expired: boolean }) | null> {
    const [row] = await this.db
      .delete(authVerification)
      .where(and(eq(authVerification.id, state), eq(authVerification.identifier, STATE_IDENTIFIER)))
      .returning();
    if (!row) return null;
    return { ...(JSON.parse(row.value) as OAuthStateValue), expired: row.expiresAt <= now };
  }

  async user(userId: string): Promise<AppUserSummary | null> {
    const [row] = await this.db
      .select({ id: appUser.id, type: appUser.type })
      .from(appUser)
      .where(eq(appUser.id, userId));
    return row ?? null;
  }

  async connections(userId: string): Promise<PlatformConnectionRow[]> {
    return this.db.select().from(platformConnection).where(eq(platformConnection.userId, userId));
  }

  async connection(userId: string, platform: LivePlatform): Promise<PlatformConnectionRow | null> {
    const [row] = await this.db
      .select()
      .from(platformConnection)
      .where(and(eq(platformConnection.userId, userId), eq(platformConnection.platform, platform)));
    return row ?? null;
  }

  async connectionById(id: string): Promise<PlatformConnectionRow | null> {
    const [row] = await this.db.select().from(platformConnection).where(eq(platformConnection.id, id));
    return row ?? null;
  }

  /** Another Hanabi user already holds this platform identity (as a connection or a linked identity). */
  async identityTakenByOther(
    userId: string,
    platform: LivePlatform,
    platformUserId: string,
  ): Promise<boolean> {
    const [connection] = await this.db
      .select({ id: platformConnection.id })
      .from(platformConnection)
      .where(
        and(
          eq(platformConnection.platform, platform),
          eq(platformConnection.platformUserId, platformUserId),
          ne(platformConnection.userId, userId),
        ),
      )
      .limit(1);
    if (connection) return true;
    return identityLinkedByOther(this.db, userId, platform, platformUserId);
  }

  /**
   * Stores the connection (one per user and platform; a reconnect replaces tokens and identity and clears
   * `revokedAt`) and records the identity as the user's `platform_identity` row, in one transaction.
   */
  async link(userId: string, identity: LinkedIdentity, now: Date): Promise<PlatformConnectionRow> {
    return this.db.transaction(async (tx) => {
      // The user's row first, as every change of their links and wallet does (held prizes read links under it).
      await tx.update(appUser).set({ updatedAt: now }).where(eq(appUser.id, userId));
      const values = {
        platformUserId: identity.platformUserId,
        screenId: identity.screenId,
        displayName: identity.displayName,
        imageUrl: identity.imageUrl,
        accessTokenEncrypted: identity.accessTokenEncrypted,
        refreshTokenEncrypted: identity.refreshTokenEncrypted,
        scopes: identity.scopes,
        expiresAt: identity.expiresAt,
        revokedAt: null,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(platformConnection)
        .values({ id: crypto.randomUUID(), userId, platform: identity.platform, createdAt: now, ...values })
        .onConflictDoUpdate({
          target: [platformConnection.userId, platformConnection.platform],
          // A reconnect that lost the refresh token (TwitCasting has none) keeps the previous one.
          set: {
            ...values,
            refreshTokenEncrypted:
              identity.refreshTokenEncrypted ?? sql`${platformConnection.refreshTokenEncrypted}`,
          },
        })
        .returning();
      await linkIdentity(
        tx,
        userId,
        {
          platform: identity.platform,
          platformUserId: identity.platformUserId,
          screenId: identity.screenId,
          displayName: identity.displayName,
          imageUrl: identity.imageUrl,
        },
        now,
      );
      return row!;
    });
  }

  /**
   * Deletes the connection (and so its tokens) and the user's identity row; prizes still held for the identity
   * stay this user's (decision 0061).
   */
  async unlink(userId: string, platform: LivePlatform, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The user's row first, as every change of their links and wallet does (held prizes read links under it).
      await tx.update(appUser).set({ updatedAt: now }).where(eq(appUser.id, userId));
      const removed = await unlinkIdentity(tx, userId, platform);
      if (removed) await attachClaimsOnUnlink(tx, userId, platform, removed.platformUserId);
      await tx
        .delete(platformConnection)
        .where(and(eq(platformConnection.userId, userId), eq(platformConnection.platform, platform)));
    });
  }

  async saveRefreshedTokens(
    id: string,
    tokens: { accessTokenEncrypted: string; refreshTokenEncrypted: string | null; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(platformConnection)
      .set({ ...tokens, updatedAt: now })
      .where(eq(platformConnection.id, id));
  }

  async markRevoked(id: string, now: Date): Promise<void> {
    await this.db
      .update(platformConnection)
      .set({ revokedAt: now, updatedAt: now })
      .where(eq(platformConnection.id, id));
  }
}
