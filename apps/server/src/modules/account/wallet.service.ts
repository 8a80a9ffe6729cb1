import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { WalletChallenge, WalletChallengeBody, WalletProof, WalletUndoResult } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { appUser, authSession, walletChange } from '../../db/schema.ts';
import { AppError, businessRule, conflict, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { IdentityRepository } from '../identity/index.ts';
import { writeNotifications } from '../notifications/index.ts';
import { UniqueViolation, uniqueViolation, type AppUserRow } from './account.repository.ts';
import { parseWalletAddress } from '../../adapters/chain/index.ts';
import { walletChangedMail } from './wallet-notice-mail.ts';
import { WalletProofs } from './wallet-proof.ts';

/** Releases prizes held for someone once they can receive them (the delivery module implements it). */
export interface HeldPrizeReleaser {
  releaseHeldClaims(userId: string): Promise<unknown>;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * The address prizes go to (decision 0063): set only with proof of control (a signed EIP-4361 message),
 * replaced or cleared only after a recent sign-in, every change told by e-mail and in-app with a single-use
 * undo link, and held prizes kept from a replaced address until the cool-off is over.
 */
export class WalletService {
  readonly proofs: WalletProofs;

  constructor(
    private readonly config: AppConfig,
    private readonly db: Db,
    private readonly identities: IdentityRepository,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly heldPrizes?: HeldPrizeReleaser,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.proofs = new WalletProofs(
      db,
      {
        publicOrigin: config.publicOrigin,
        chainId: config.chainId,
        challengeTtlMs: config.wallet.challengeTtlMs,
      },
      now,
    );
  }

  /** A message for `address` to sign. It never says whether an account already uses that address. */
  async challenge(user: AppUserRow, body: WalletChallengeBody): Promise<WalletChallenge> {
    return this.proofs.issue(user.id, this.parse(body.address));
  }

  /**
   * Sets, replaces or clears the user's address. Order matters: the proof is checked before anything that
   * could tell whether another account uses the address, so a 409 only ever speaks of an address the caller
   * has just proven to control.
   */
  async change(
    user: AppUserRow,
    session: SessionUser,
    value: string | null,
    proof: WalletProof | undefined,
  ): Promise<AppUserRow> {
    const next = value === null ? null : this.parse(value);
    const current = user.walletAddress;
    if ((next ?? '').toLowerCase() === (current ?? '').toLowerCase()) return user;
    if (next !== null) await this.proofs.verify(user.id, next, proof);
    // Clearing and then setting counts as replacing: once an account had an address, every change needs a
    // recent sign-in and held prizes wait out the cool-off.
    const replacing = current !== null || (await this.hadAddressBefore(user.id));
    if (replacing) this.requireRecentSignIn(session);

    const now = this.now();
    const undoToken = crypto.randomBytes(32).toString('base64url');
    // A first address receives held prizes at once; a replacement only after the cool-off.
    const releaseAfter =
      replacing && next !== null ? new Date(now.getTime() + this.config.wallet.coolOffMs) : now;
    let updated: AppUserRow;
    try {
      updated = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(appUser)
          .set({ walletAddress: next, updatedAt: now })
          .where(eq(appUser.id, user.id))
          .returning();
        if (!row) throw notFound('accountNotRegistered', 'not yet register');
        await tx.insert(walletChange).values({
          id: crypto.randomUUID(),
          userId: user.id,
          previousAddress: current,
          newAddress: next,
          releaseAfter,
          releasedAt: releaseAfter <= now ? now : null,
          undoTokenHash: sha256(undoToken),
          undoExpiresAt: new Date(now.getTime() + this.config.wallet.undoTtlMs),
        });
        // An account's first address is news, not an alarm: "changed" is for replacing or clearing one.
        const type = replacing ? 'walletChanged' : 'walletSet';
        await writeNotifications(tx, [
          { userId: user.id, type, href: `/${user.type}/account`, hrefId: user.id },
        ]);
        return row;
      });
    } catch (error) {
      const clash = error instanceof UniqueViolation ? error : uniqueViolation(error);
      if (clash?.constraint.includes('wallet_address')) {
        throw conflict('walletAddressTaken', 'This wallet address is already used by another account.');
      }
      throw error;
    }
    this.log.info({ userId: user.id, replaced: current !== null, cleared: next === null }, 'wallet changed');
    await this.sendNotice(
      user,
      replacing,
      current,
      next,
      releaseAfter > now ? releaseAfter : null,
      undoToken,
    );
    if (next !== null) await this.heldPrizes?.releaseHeldClaims(user.id);
    return updated;
  }

  /**
   * The owner's undo link: puts the previous address back (held prizes stay with it), ends the cool-off of the
   * change, and signs the account out everywhere, since whoever made the change had a session. Single use, and
   * only for the latest change (an older link cannot roll back a newer decision).
   */
  async undo(token: string): Promise<WalletUndoResult> {
    const now = this.now();
    const gone = () => businessRule('undoLinkExpired', 'This undo link has expired or was already used.');
    const [change] = await this.db
      .select()
      .from(walletChange)
      .where(eq(walletChange.undoTokenHash, sha256(token)));
    if (!change || change.undoneAt || change.undoExpiresAt <= now) throw gone();
    const [latest] = await this.db
      .select({ id: walletChange.id })
      .from(walletChange)
      .where(and(eq(walletChange.userId, change.userId), isNull(walletChange.undoneAt)))
      .orderBy(desc(walletChange.createdAt))
      .limit(1);
    if (latest?.id !== change.id) {
      throw conflict(
        'walletChangedAgain',
        'The address was changed again since: use the link in the newest e-mail.',
      );
    }
    try {
      await this.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(walletChange)
          .set({ undoneAt: now })
          .where(and(eq(walletChange.id, change.id), isNull(walletChange.undoneAt)))
          .returning();
        if (!spent) throw gone();
        const [user] = await tx
          .update(appUser)
          .set({ walletAddress: change.previousAddress, updatedAt: now })
          .where(eq(appUser.id, change.userId))
          .returning();
        if (!user) throw gone();
        await tx.delete(authSession).where(eq(authSession.userId, user.authUserId));
        await writeNotifications(tx, [
          { userId: user.id, type: 'walletChanged', href: `/${user.type}/account`, hrefId: user.id },
        ]);
      });
    } catch (error) {
      if (uniqueViolation(error)) {
        throw conflict(
          'previousWalletAddressTaken',
          'The previous address is now used by another account that proved it controls it.',
        );
      }
      throw error;
    }
    this.log.info({ userId: change.userId }, 'wallet change undone; sessions revoked');
    if (change.previousAddress) await this.heldPrizes?.releaseHeldClaims(change.userId);
    return { walletAddress: change.previousAddress };
  }

  /** The cool-off job: held prizes of people whose cool-off ended now go to their address. */
  async releaseCooledOff(now = this.now()): Promise<number> {
    const due = await this.db
      .select({ id: walletChange.id, userId: walletChange.userId })
      .from(walletChange)
      .where(
        and(
          isNull(walletChange.releasedAt),
          isNull(walletChange.undoneAt),
          lte(walletChange.releaseAfter, now),
        ),
      );
    for (const change of due) {
      await this.heldPrizes?.releaseHeldClaims(change.userId);
      await this.db.update(walletChange).set({ releasedAt: now }).where(eq(walletChange.id, change.id));
    }
    return due.length;
  }

  private async hadAddressBefore(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: walletChange.id })
      .from(walletChange)
      .where(and(eq(walletChange.userId, userId), isNotNull(walletChange.previousAddress)))
      .limit(1);
    return row !== undefined;
  }

  private requireRecentSignIn(session: SessionUser): void {
    const started = session.sessionCreatedAt?.getTime() ?? 0;
    if (this.now().getTime() - started > this.config.wallet.recentSignInMs) {
      throw new AppError(
        'RECENT_SIGN_IN_REQUIRED',
        'Confirm it is you: sign in again, then change the wallet address.',
      );
    }
  }

  private parse(value: string): string {
    const parsed = parseWalletAddress(value);
    if (!parsed.ok) {
      throw new AppError('VALIDATION_FAILED', `Some fields are not valid: body.walletAddress.`, [
        { field: 'body.walletAddress', message: parsed.reason },
      ]);
    }
    return parsed.address;
  }

  private async sendNotice(
    user: AppUserRow,
    replacing: boolean,
    previousAddress: string | null,
    newAddress: string | null,
    releaseAfter: Date | null,
    undoToken: string,
  ): Promise<void> {
    const identity = await this.identities.findById(user.authUserId);
    if (!identity?.email) return;
    const undoUrl = new URL(`/wallet/undo?token=${undoToken}`, this.config.publicOrigin).toString();
    try {
      await this.mailer.send(
        walletChangedMail({
          to: identity.email,
          locale: user.locale,
          first: !replacing,
          previousAddress,
          newAddress,
          releaseAfter,
          undoUrl,
          undoHours: Math.round(this.config.wallet.undoTtlMs / 3_600_000),
        }),
      );
    } catch (error) {
      // The change stands and the in-app notice is written; a lost e-mail is logged for the operator.
      this.log.error({ err: error, userId: user.id }, 'wallet change notice e-mail failed');
    }
  }
}
