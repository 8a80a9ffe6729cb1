import {
  SIGNIN_ERROR_NOT_REGISTERED,
  type Account,
  type AccountEth,
  type AccountLinkBody,
  type AccountLinkResponse,
  type AuthProvider,
  type UpdateAccountBody,
  type WalletChallenge,
  type WalletChallengeBody,
  type WalletHolding,
} from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readSetting, SETTING_KEYS } from '../../db/app-settings.ts';
import { businessRule, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import type { AuthGateway } from '../identity/index.ts';
import type { IdentityRepository } from '../identity/index.ts';
import { toAccount } from './account.mapper.ts';
import type { AccountRepository, AppUserPatch, AppUserRow } from './account.repository.ts';
import type { WalletService } from './wallet.service.ts';
import { writeNotifications } from '../notifications/index.ts';

const PROVIDER_NAMES: Record<AuthProvider, string> = { google: 'Google', twitter: 'X', email: 'E-mail' };

/** The answer, plus `Set-Cookie` headers better-auth produced for a link flow (its OAuth state cookie). */
export interface LinkOutcome {
  response: AccountLinkResponse;
  responseHeaders?: Headers;
}

/** Reads a wallet's token holdings (the tokens module implements it). */
export interface WalletHoldingsReader {
  holdingsOf(address: string | null): Promise<{ holdings: WalletHolding[]; chainReachable: boolean }>;
}

export type { HeldPrizeReleaser } from './wallet.service.ts';

/** The signed-in person's own account: read, edit, and the sign-in methods linked to it. */
export class AccountService {
  constructor(
    private readonly config: AppConfig,
    private readonly db: Db,
    private readonly accounts: AccountRepository,
    private readonly identities: IdentityRepository,
    private readonly gateway: AuthGateway,
    private readonly log: Logger,
    private readonly wallets: WalletHoldingsReader,
    private readonly wallet: WalletService,
  ) {}

  /** A Sign-In with Ethereum message for one address of your own account (decision 0063). */
  async walletChallenge(
    session: SessionUser,
    id: string,
    body: WalletChallengeBody,
  ): Promise<WalletChallenge> {
    return this.wallet.challenge(await this.ownUserById(session, id), body);
  }

  async myAccount(session: SessionUser): Promise<Account> {
    return this.toAccount(await this.ownUser(session));
  }

  async myAccountEth(session: SessionUser): Promise<AccountEth> {
    const user = await this.ownUser(session);
    const [contractAddress, { holdings, chainReachable }] = await Promise.all([
      readSetting<unknown>(this.db, SETTING_KEYS.contractAddress),
      this.wallets.holdingsOf(user.walletAddress),
    ]);
    return {
      walletAddress: user.walletAddress,
      chainId: this.config.chainId,
      contractAddress:
        this.config.chain.contractAddress ?? (typeof contractAddress === 'string' ? contractAddress : null),
      holdings,
      chainReachable,
    };
  }

  async update(session: SessionUser, id: string, body: UpdateAccountBody): Promise<Account> {
    const user = await this.ownUserById(session, id);
    const patch: AppUserPatch = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.bio !== undefined) patch.bio = body.bio;
    if (body.avatarUrl !== undefined) patch.avatarUrl = body.avatarUrl;
    if (body.locale !== undefined) patch.locale = body.locale;
    if (body.collectionPublic !== undefined) patch.collectionPublic = body.collectionPublic;
    if (body.emailNotices !== undefined) patch.emailNotices = body.emailNotices;
    // The wallet first: it needs proof (and maybe a recent sign-in), and nothing else is saved if it fails.
    let current = user;
    if (body.walletAddress !== undefined) {
      current = await this.wallet.change(user, session, body.walletAddress, body.walletProof);
    }
    if (Object.keys(patch).length === 0) return this.toAccount(current);
    const updated = await this.accounts.update(user.id, patch);
    if (!updated) throw notFound('accountNotRegistered', SIGNIN_ERROR_NOT_REGISTERED);
    await this.notifyUpdated(user);
    return this.toAccount(updated);
  }

  /**
   * Link or unlink a sign-in method. Unlinking never removes the last one (422). Linking Google/X answers the
   * provider's consent URL (better-auth's link flow; `responseHeaders` carry its state cookie). Linking e-mail
   * turns e-mail-link sign-in on for the account's own provider-verified address.
   */
  async link(
    session: SessionUser,
    id: string,
    body: AccountLinkBody,
    headers: Headers,
  ): Promise<LinkOutcome> {
    const user = await this.ownUserById(session, id);
    const methods = await this.identities.listMethods(user.authUserId);
    const linked = methods.some((method) => method.provider === body.provider);
    const name = PROVIDER_NAMES[body.provider];

    if (body.action === 'unlink') {
      if (!linked) throw businessRule('signInMethodNotLinked', `${name} is not linked to this account.`);
      if (methods.length <= 1) {
        throw businessRule(
          'lastSignInMethod',
          'This is the only way to sign in to this account, so it cannot be unlinked.',
        );
      }
      await this.identities.removeMethod(user.authUserId, body.provider);
      this.log.info({ userId: user.id, provider: body.provider }, 'sign-in method unlinked');
      await this.notifyUpdated(user);
      return { response: await this.toAccount(user) };
    }

    if (linked) throw conflict('signInMethodAlreadyLinked', `${name} is already linked to this account.`);
    if (body.provider === 'email') {
      const identity = await this.identities.findById(user.authUserId);
      if (!identity?.email || !identity.emailVerified) {
        throw businessRule('noVerifiedEmail', 'This account has no verified e-mail address to sign in with.');
      }
      await this.identities.addEmailMethod(user.authUserId, identity.email);
      this.log.info({ userId: user.id, provider: 'email' }, 'sign-in method linked');
      await this.notifyUpdated(user);
      return { response: await this.toAccount(user) };
    }
    if (!this.gateway.isConfigured(body.provider)) {
      throw businessRule(
        'signInMethodUnavailable',
        `Signing in with ${name} is not available on this server.`,
      );
    }
    const callbackURL = body.callbackURL ?? `/${user.type}/account`;
    const { url, responseHeaders } = await this.gateway.startLink(headers, body.provider, callbackURL);
    return { response: { redirectUrl: url }, responseHeaders };
  }

  /** `accountUpdated` (both groups of the original), leading back to the account page. */
  private async notifyUpdated(user: AppUserRow): Promise<void> {
    await writeNotifications(this.db, [
      { userId: user.id, type: 'accountUpdated', href: `/${user.type}/account`, hrefId: user.id },
    ]);
  }

  /** The caller's own Hanabi user; 404 "not yet register" mid sign-up. */
  private async ownUser(session: SessionUser): Promise<AppUserRow> {
    const user = session.userId ? await this.accounts.findById(session.userId) : null;
    if (!user || user.authUserId !== session.authUserId)
      throw notFound('accountNotRegistered', SIGNIN_ERROR_NOT_REGISTERED);
    return user;
  }

  /** Only your own account: another id is 403 (whether or not it exists). */
  private async ownUserById(session: SessionUser, id: string): Promise<AppUserRow> {
    if (session.userId !== id) throw forbidden('notYourAccount', 'You can only change your own account.');
    return this.ownUser(session);
  }

  private async toAccount(user: AppUserRow): Promise<Account> {
    const [identity, methods, linked] = await Promise.all([
      this.identities.findById(user.authUserId),
      this.identities.listMethods(user.authUserId),
      this.accounts.identities(user.id),
    ]);
    return toAccount({ ...user, identities: linked }, identity, methods);
  }
}
