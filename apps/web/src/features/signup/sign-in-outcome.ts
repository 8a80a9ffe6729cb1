/**
 * The sign-in flow of the original (docs/original-spec.md §4) as pure functions: what the landing page does with the redirect
 * result, and what `POST /api/signin` means.
 */
import {
  SIGNIN_ERROR_INVALID_USER_TYPE,
  SIGNIN_ERROR_NOT_REGISTERED,
  type Account,
  type AuthProvider,
  type SigninResponse,
} from '@hanabi/api';
import { isApiError } from '../../lib/api-client';
import { errorMessageOf } from '../../lib/toast';

export type SignInOutcome =
  /** A user came back: store it. */
  | { mode: 'signin'; user: Account }
  /** 'not yet register': go on to registration. */
  | {
      mode: 'registration';
      hasAnotherUserType: false;
      email: string | null;
      authProvider: AuthProvider | null;
      /** The provider's id of the identity (the original's `uid`). */
      providerUid: string | null;
    }
  /** 'invalid user type': registered as the other type; the returned user is stored. */
  | { mode: 'registration'; hasAnotherUserType: true; user: Account }
  /** Anything else: an error with its message. */
  | { mode: 'error'; message: string };

/** A message-bearing failure (ApiError, Error) or anything else. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * Maps the answer of `POST /api/signin`. Hanabi answers the three outcomes in a 200 union; an answer without a
 * user where one is due is an error ("a redirect result with no user is an error").
 */
export function outcomeOfSigninResponse(response: SigninResponse | null | undefined): SignInOutcome {
  if (!response) return { mode: 'error', message: '' };
  switch (response.result) {
    case 'signin':
      return response.user ? { mode: 'signin', user: response.user } : { mode: 'error', message: '' };
    case SIGNIN_ERROR_NOT_REGISTERED:
      return {
        mode: 'registration',
        hasAnotherUserType: false,
        email: response.email ?? null,
        authProvider: response.authProvider ?? null,
        providerUid: response.providerUid ?? null,
      };
    case SIGNIN_ERROR_INVALID_USER_TYPE:
      return response.user
        ? { mode: 'registration', hasAnotherUserType: true, user: response.user }
        : { mode: 'error', message: '' };
    default:
      return { mode: 'error', message: '' };
  }
}

/**
 * Maps a failed sign-in call, as the original did with its error messages: 'not yet register' → registration,
 * anything else → error with the message. ('invalid user type' needs the user, which only the answer carries.)
 */
export function outcomeOfSigninError(error: unknown): SignInOutcome {
  const message = messageOf(error);
  if (message === SIGNIN_ERROR_NOT_REGISTERED) {
    return {
      mode: 'registration',
      hasAnotherUserType: false,
      email: null,
      authProvider: null,
      providerUid: null,
    };
  }
  // A refusal in the reader's language (decision 0205); the raw words only for what is not a server envelope.
  return { mode: 'error', message: isApiError(error) ? errorMessageOf(error) : message };
}

/** What the landing page found before calling sign-in. */
export type LandingResult =
  /** The provider or the link failed (`?error=`), or no identity token could be had: back to the sign-up page. */
  | { kind: 'tokenFailure'; code: string }
  /** The redirect brought no user (no session): an error outcome. */
  | { kind: 'noUser' }
  /** A session: go on with its token. */
  | { kind: 'session'; token: string };

/** Error code the landing page passes to the sign-up page when no identity token came back. */
export const NO_TOKEN_ERROR = 'NO_TOKEN';

export function landingResult(
  errorParam: string | null,
  session: { session?: { token?: string | null } | null; user?: unknown } | null | undefined,
): LandingResult {
  if (errorParam) return { kind: 'tokenFailure', code: errorParam };
  if (!session || !session.user) return { kind: 'noUser' };
  const token = session.session?.token;
  if (!token) return { kind: 'tokenFailure', code: NO_TOKEN_ERROR };
  return { kind: 'session', token };
}

/** The display name a registration starts with: the e-mail's local part. */
export function nameFromEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return (at > 0 ? email.slice(0, at) : email).trim().slice(0, 50);
}

/** i18n key (under `auth.redirectErrors`) for a `?error=` code on the sign-up page. */
export type RedirectErrorKey =
  'invalidToken' | 'emailSignInNotLinked' | 'cancelled' | 'noToken' | 'accountNotLinked' | 'unknown';

export function redirectErrorKey(code: string): RedirectErrorKey {
  switch (code) {
    case 'INVALID_TOKEN':
    case 'EXPIRED_TOKEN':
    case 'invalid_token':
      return 'invalidToken';
    case 'EMAIL_SIGN_IN_NOT_LINKED':
      return 'emailSignInNotLinked';
    case 'access_denied':
    case 'ACCESS_DENIED':
      return 'cancelled';
    case NO_TOKEN_ERROR:
      return 'noToken';
    case 'account_not_linked':
    case 'account_already_linked_to_different_user':
      return 'accountNotLinked';
    default:
      return 'unknown';
  }
}
