import {
  ACCOUNT_LIMITS,
  DEFAULT_AVATAR_URL,
  SIGNIN_ERROR_INVALID_USER_TYPE,
  SIGNIN_ERROR_NOT_REGISTERED,
  type Account,
  type AuthProvider,
  type Locale,
  type SigninResponse,
  type UserType,
} from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import { conflict, unauthenticated } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import type { Identity, IdentityRepository } from '../identity/index.ts';
import { toAccount } from './account.mapper.ts';
import { UniqueViolation, type AccountRepository, type AppUserRow } from './account.repository.ts';

/** The name a new user starts with: what they typed, the provider's name, the address, or a generic one. */
export function initialName(typed: string | undefined, identity: Identity, type: UserType): string {
  const candidates = [typed, identity.name, identity.email?.split('@')[0]];
  const name = candidates.map((value) => value?.trim()).find((value) => value);
  return (name ?? (type === 'streamer' ? '配信者' : '視聴者')).slice(0, ACCOUNT_LIMITS.nameMax);
}

/** A provider picture is kept when it is an https URL; otherwise the default avatar. */
function initialAvatar(identity: Identity): string {
  return identity.image?.startsWith('https://') ? identity.image : DEFAULT_AVATAR_URL;
}

/**
 * Sign-in and sign-up after the identity step (`POST /api/signin`, `/api/signup`) (docs/original-spec.md §4): better-auth has proved who the caller is;
 * this decides which Hanabi user that is, creates it, and grants the operator role to configured addresses.
 */
export class SignInService {
  private readonly operatorEmails: Set<string>;

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
    private readonly identities: IdentityRepository,
    private readonly log: Logger,
  ) {
    this.operatorEmails = new Set(config.operatorEmails);
  }

  async signin(
    session: SessionUser,
    input: { userType: UserType; authProvider?: AuthProvider },
  ): Promise<SigninResponse> {
    const identity = await this.identityOf(session);
    const user = await this.accounts.findByAuthUserId(identity.id);
    if (!user) {
      const authProvider = session.signInMethod ?? input.authProvider ?? 'email';
      return {
        result: SIGNIN_ERROR_NOT_REGISTERED,
        email: identity.email,
        authProvider,
        providerUid: (await this.identities.providerUid(identity.id, authProvider)) ?? identity.id,
      };
    }
    const account = await this.toAccount(await this.grantConfiguredOperator(user, identity), identity);
    if (user.type !== input.userType) {
      return { result: SIGNIN_ERROR_INVALID_USER_TYPE, user: account, hasAnotherUserType: true };
    }
    return { result: 'signin', user: account };
  }

  async signup(
    session: SessionUser,
    input: { userType: UserType; name?: string; locale?: Locale },
  ): Promise<Account> {
    const identity = await this.identityOf(session);
    if (await this.accounts.findByAuthUserId(identity.id)) {
      throw conflict('accountAlreadyExists', 'This sign-in already has a Hanabi account. Sign in instead.');
    }
    let user: AppUserRow;
    try {
      user = await this.accounts.create({
        authUserId: identity.id,
        type: input.userType,
        role: this.isConfiguredOperator(identity) ? 'operator' : 'user',
        name: initialName(input.name, identity, input.userType),
        avatarUrl: initialAvatar(identity),
        locale: input.locale ?? this.config.defaultLocale,
      });
    } catch (error) {
      // Two sign-up calls racing: the second one loses on the unique identity.
      if (error instanceof UniqueViolation)
        throw conflict('accountAlreadyExists', 'This sign-in already has a Hanabi account.');
      throw error;
    }
    this.log.info({ userId: user.id, type: user.type, role: user.role }, 'user signed up');
    return this.toAccount(user, identity);
  }

  private async identityOf(session: SessionUser): Promise<Identity> {
    const identity = await this.identities.findById(session.authUserId);
    if (!identity) throw unauthenticated();
    return identity;
  }

  private isConfiguredOperator(identity: Identity): boolean {
    return identity.email !== null && identity.emailVerified && this.operatorEmails.has(identity.email);
  }

  /** HANABI_OPERATOR_EMAILS is applied at every sign-in, so adding an address takes effect on the next one. */
  private async grantConfiguredOperator(user: AppUserRow, identity: Identity): Promise<AppUserRow> {
    if (user.role === 'operator' || !this.isConfiguredOperator(identity)) return user;
    const updated = await this.accounts.update(user.id, { role: 'operator' });
    this.log.info({ userId: user.id }, 'operator role granted from HANABI_OPERATOR_EMAILS');
    return updated ?? user;
  }

  private async toAccount(user: AppUserRow, identity: Identity): Promise<Account> {
    const [methods, linked] = await Promise.all([
      this.identities.listMethods(identity.id),
      this.accounts.identities(user.id),
    ]);
    return toAccount({ ...user, identities: linked }, identity, methods);
  }
}
