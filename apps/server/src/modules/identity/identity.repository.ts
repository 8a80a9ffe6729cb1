import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AUTH_PROVIDERS, type AuthProvider } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { authAccount, authSession, authUser } from '../../db/schema.ts';
import { isPlaceholderEmail } from '../../adapters/oauth/index.ts';

/** The identity behind a session (better-auth's user), as Hanabi needs it. */
export interface Identity {
  id: string;
  /** null when the provider gave no verified address (a placeholder is stored instead). */
  email: string | null;
  emailVerified: boolean;
  name: string;
  image: string | null;
}

export interface SignInMethodRecord {
  provider: AuthProvider;
  linkedAt: Date;
}

type AuthUserRow = typeof authUser.$inferSelect;

function toIdentity(row: AuthUserRow): Identity {
  return {
    id: row.id,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    emailVerified: row.emailVerified,
    name: row.name,
    image: row.image,
  };
}

/** Reads and writes better-auth's tables where Hanabi adds rules (sign-in methods, the demo seed). */
export class IdentityRepository {
  constructor(private readonly db: Db) {}

  async findById(authUserId: string): Promise<Identity | null> {
    const [row] = await this.db.select().from(authUser).where(eq(authUser.id, authUserId));
    return row ? toIdentity(row) : null;
  }

  async findByEmail(email: string): Promise<Identity | null> {
    const [row] = await this.db.select().from(authUser).where(eq(authUser.email, email.trim().toLowerCase()));
    return row ? toIdentity(row) : null;
  }

  /** Linked sign-in methods, oldest first. */
  async listMethods(authUserId: string): Promise<SignInMethodRecord[]> {
    const rows = await this.db
      .select({ provider: authAccount.providerId, linkedAt: authAccount.createdAt })
      .from(authAccount)
      .where(and(eq(authAccount.userId, authUserId), inArray(authAccount.providerId, [...AUTH_PROVIDERS])))
      .orderBy(asc(authAccount.createdAt), asc(authAccount.providerId));
    return rows.map((row) => ({ provider: row.provider as AuthProvider, linkedAt: row.linkedAt }));
  }

  /** The provider's own id of this identity for one method (Google's `sub`, X's user id, the e-mail address). */
  async providerUid(authUserId: string, provider: AuthProvider): Promise<string | null> {
    const [row] = await this.db
      .select({ accountId: authAccount.accountId })
      .from(authAccount)
      .where(and(eq(authAccount.userId, authUserId), eq(authAccount.providerId, provider)))
      .limit(1);
    return row?.accountId ?? null;
  }

  /** Turns e-mail-link sign-in on for an identity's address (no-op when it is on). */
  async addEmailMethod(authUserId: string, email: string): Promise<void> {
    const now = new Date();
    await this.db
      .insert(authAccount)
      .values({
        id: crypto.randomUUID(),
        accountId: email.toLowerCase(),
        providerId: 'email',
        userId: authUserId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }

  /** Removes one sign-in method; answers whether there was one. */
  async removeMethod(authUserId: string, provider: AuthProvider): Promise<boolean> {
    const deleted = await this.db
      .delete(authAccount)
      .where(and(eq(authAccount.userId, authUserId), eq(authAccount.providerId, provider)))
      .returning({ id: authAccount.id });
    return deleted.length > 0;
  }

  /** Ends every session of an identity (suspension, operator action). */
  async deleteSessions(authUserId: string): Promise<number> {
    const deleted = await this.db
      .delete(authSession)
      .where(eq(authSession.userId, authUserId))
      .returning({ id: authSession.id });
    return deleted.length;
  }

  /**
   * An identity that signs in by e-mail link (the demo seed): created when the address is new, with e-mail
   * sign-in on. Answers the identity id.
   */
  async ensureEmailIdentity(input: { email: string; name: string }): Promise<string> {
    const email = input.email.trim().toLowerCase();
    const now = new Date();
    await this.db
      .insert(authUser)
      .values({
        id: crypto.randomUUID(),
        name: input.name,
        email,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: authUser.email });
    const identity = await this.findByEmail(email);
    if (!identity) throw new Error(`identity for ${email} could not be stored`);
    await this.addEmailMethod(identity.id, email);
    return identity.id;
  }
}
