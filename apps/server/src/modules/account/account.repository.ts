import crypto from 'node:crypto';
import { eq, getTableColumns, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { appUser } from '../../db/schema.ts';
import { identitiesOf, identitiesOfUser, type PlatformIdentity } from '../platform-identities/index.ts';

export type AppUserRow = typeof appUser.$inferSelect;
/** A user row with the platform accounts they linked: what a person's public fields are made from. */
export type PersonRow = AppUserRow & { identities: readonly PlatformIdentity[] };

/**
 * The select columns of a {@link PersonRow} for `table` (`app_user` or an alias of it): the row and its linked
 * accounts in one query.
 */
export function personColumns<T extends Table & { id: AnyPgColumn }>(table: T) {
  return { ...getTableColumns(table), identities: identitiesOf(table.id) };
}
export type NewAppUser = Omit<typeof appUser.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AppUserPatch = Partial<
  Pick<
    AppUserRow,
    | 'name'
    | 'bio'
    | 'avatarUrl'
    | 'locale'
    | 'walletAddress'
    | 'role'
    | 'suspendedAt'
    | 'collectionPublic'
    | 'emailNotices'
  >
>;

/** Unique-violation detail the service turns into a 409, naming what clashed. */
export class UniqueViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique violation: ${constraint}`);
    this.name = 'UniqueViolation';
  }
}

/** PostgreSQL unique_violation (23505), as raised by node-postgres and PGlite (possibly wrapped by drizzle). */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return new UniqueViolation(constraint ?? 'unknown');
  }
  return null;
}

/** Hanabi users (`app_user`). */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<AppUserRow | null> {
    const [row] = await this.db.select().from(appUser).where(eq(appUser.id, id));
    return row ?? null;
  }

  async findByAuthUserId(authUserId: string): Promise<AppUserRow | null> {
    const [row] = await this.db.select().from(appUser).where(eq(appUser.authUserId, authUserId));
    return row ?? null;
  }

  /** The platform accounts the user has linked. */
  async identities(userId: string): Promise<PlatformIdentity[]> {
    return identitiesOfUser(this.db, userId);
  }

  /** Throws UniqueViolation when the identity already has a user (or another unique column clashes). */
  async create(values: NewAppUser): Promise<AppUserRow> {
    try {
      const [row] = await this.db
        .insert(appUser)
        .values({ id: crypto.randomUUID(), ...values })
        .returning();
      return row!;
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }

  /** Throws UniqueViolation when e.g. the wallet address belongs to someone else. */
  async update(id: string, patch: AppUserPatch): Promise<AppUserRow | null> {
    try {
      const [row] = await this.db
        .update(appUser)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(appUser.id, id))
        .returning();
      return row ?? null;
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }
}
