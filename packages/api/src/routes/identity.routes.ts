import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { text } from '../string-primitives.ts';
import {
  ACCOUNT_LIMITS,
  AUTH_BASE_PATH,
  SIGNIN_ERROR_INVALID_USER_TYPE,
  SIGNIN_ERROR_NOT_REGISTERED,
} from '../constants.ts';
import {
  Account,
  LocaleSchema,
  AuthProviderSchema,
  OAuthProviderSchema,
  SitePath,
  UserTypeSchema,
} from './account.routes.ts';

export const SignupBody = z.object({
  userType: UserTypeSchema,
  /** Display name; defaults to the name the identity provider gave, or the e-mail's local part. */
  name: text().trim().min(1).max(ACCOUNT_LIMITS.nameMax).optional(),
  /** The language chosen before or at sign-up; the server's default when absent (decision 0077). */
  locale: LocaleSchema.optional(),
});

export const SigninBody = z.object({
  userType: UserTypeSchema,
  /** The method the client believes it used; the server knows it from the session and prefers that. */
  authProvider: AuthProviderSchema.optional(),
});

/**
 * The original's sign-in semantics (section 4): the user (signin), `not yet register` (go on to sign-up), or
 * `invalid user type` with the user registered as the other type.
 */
export const SigninResponse = z.discriminatedUnion('result', [
  z.object({ result: z.literal('signin'), user: Account }),
  z.object({
    result: z.literal(SIGNIN_ERROR_NOT_REGISTERED),
    /** The identity's e-mail (null when the provider gave none, e.g. X without a confirmed address). */
    email: z.string().nullable(),
    authProvider: AuthProviderSchema,
    /** The provider's id of this identity (the original's `uid`): Google `sub`, X user id, or the address. */
    providerUid: z.string(),
  }),
  z.object({
    result: z.literal(SIGNIN_ERROR_INVALID_USER_TYPE),
    user: Account,
    hasAnotherUserType: z.literal(true),
  }),
]);
export type SigninResponse = z.infer<typeof SigninResponse>;

/** Optional: a POST without a body signs out this session only. */
export const SignoutBody = z
  .object({
    /** Also end every other session of this person (all devices). */
    everywhere: z.boolean().optional(),
  })
  .nullish();

export const AuthProvidersResponse = z.object({
  email: z.literal(true),
  google: z.boolean(),
  twitter: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProvidersResponse>;

export const DevMailMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Every http(s) link in the message, in order (the sign-in link first). */
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;
export const DevMailboxResponse = z.object({ messages: z.array(DevMailMessage) });

/**
 * E-mail sign-in links are bound to the browser that asked for them (decision 0064). Opened there, a link signs
 * in at once; opened anywhere else it lands on `/signin/confirm`, which names the account and asks for the code
 * the requesting browser shows.
 */
export const SignInLinkCode = z.object({
  /** The newest pending link this browser asked for; null fields when there is none. */
  email: z.string().nullable(),
  code: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type SignInLinkCode = z.infer<typeof SignInLinkCode>;
export const SignInLinkToken = z.object({ token: text().min(8).max(200) });
export const SignInLinkInfo = z.object({ email: z.string(), expiresAt: z.string() });
export type SignInLinkInfo = z.infer<typeof SignInLinkInfo>;
export const SignInLinkConfirmBody = SignInLinkToken.extend({
  code: text()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'must be the 6 digits shown in the browser that asked for the link'),
});
export type SignInLinkConfirmBody = z.infer<typeof SignInLinkConfirmBody>;

export const identityRoutes = {
  signInLinkCode: defineRoute({
    method: 'GET',
    path: '/api/signin/linkCode',
    access: 'public',
    summary: 'The code to type when the sign-in link this browser asked for is opened on another device',
    response: SignInLinkCode,
  }),
  signInLinkInfo: defineRoute({
    method: 'POST',
    path: '/api/signin/linkInfo',
    access: 'public',
    summary: 'Which account a sign-in link is for (shown before it is confirmed on another device)',
    body: SignInLinkToken,
    response: SignInLinkInfo,
  }),
  signInLinkConfirm: defineRoute({
    method: 'POST',
    path: '/api/signin/linkConfirm',
    access: 'public',
    summary:
      'Lets this browser open a sign-in link asked for elsewhere, given the code shown there (few tries)',
    body: SignInLinkConfirmBody,
    response: z.null(),
    successStatus: 204,
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/api/signup',
    access: 'signedIn',
    summary: 'Create the Hanabi user of the given type for the signed-in identity (409 when it has one)',
    body: SignupBody,
    response: Account,
    successStatus: 201,
  }),
  signin: defineRoute({
    method: 'POST',
    path: '/api/signin',
    access: 'signedIn',
    summary:
      'After the identity step: the user, "not yet register", or "invalid user type" (403 if suspended)',
    body: SigninBody,
    response: SigninResponse,
  }),
  signout: defineRoute({
    method: 'POST',
    path: '/api/signout',
    access: 'public',
    summary: 'End this session (or every session with `everywhere`); clears the session cookie',
    body: SignoutBody,
    response: z.null(),
    successStatus: 204,
  }),
  authProviders: defineRoute({
    method: 'GET',
    path: `${AUTH_BASE_PATH}/providers`,
    access: 'public',
    summary: 'Which sign-in methods this server offers (Google and X only when configured)',
    response: AuthProvidersResponse,
  }),
  devMailbox: defineRoute({
    method: 'GET',
    path: '/api/dev/mailbox',
    access: 'public',
    summary: 'Embedded mode only: e-mails the server "sent", newest first (404 in production)',
    response: DevMailboxResponse,
  }),
  clearDevMailbox: defineRoute({
    method: 'DELETE',
    path: '/api/dev/mailbox',
    access: 'public',
    summary: 'Embedded mode only: empty the dev mailbox',
    response: z.null(),
    successStatus: 204,
  }),
};

// --- better-auth's own endpoints the web app calls (served under /api/auth by better-auth, not by Hanabi's
// route table, so they are not in `apiRoutes`; errors still come back in the Hanabi error envelope) ---

export const MagicLinkRequestBody = z.object({
  email: z.email(),
  /** Where the link lands after the session is set: `finishSignUpPath(userType)`. */
  callbackURL: SitePath,
  /** Where a bad or expired link lands (`?error=INVALID_TOKEN`); defaults to `callbackURL`. */
  errorCallbackURL: SitePath.optional(),
  /** Where a link that created a new identity lands; defaults to `callbackURL`. */
  newUserCallbackURL: SitePath.optional(),
});

export const SocialSignInBody = z.object({
  provider: OAuthProviderSchema,
  callbackURL: SitePath,
  errorCallbackURL: SitePath.optional(),
  newUserCallbackURL: SitePath.optional(),
  /** Answer the URL without a Location header (the client navigates itself). */
  disableRedirect: z.boolean().optional(),
});

export const authEndpoints = {
  requestMagicLink: defineRoute({
    method: 'POST',
    path: `${AUTH_BASE_PATH}/sign-in/magic-link`,
    access: 'public',
    summary: 'Send an e-mail sign-in link',
    description:
      'The link opens `/api/auth/magic-link/verify`, which signs in and redirects to `callbackURL`.',
    body: MagicLinkRequestBody,
    response: z.object({ status: z.boolean() }),
  }),
  socialSignIn: defineRoute({
    method: 'POST',
    path: `${AUTH_BASE_PATH}/sign-in/social`,
    access: 'public',
    summary: 'Start an OAuth sign-in',
    description: 'Starts Google or X sign-in: navigate the browser to `url`.',
    body: SocialSignInBody,
    response: z.object({ url: z.string(), redirect: z.boolean() }),
  }),
  signOut: defineRoute({
    method: 'POST',
    path: `${AUTH_BASE_PATH}/sign-out`,
    access: 'public',
    summary: 'End this session',
    response: z.object({ success: z.boolean() }).loose(),
  }),
  getSession: defineRoute({
    method: 'GET',
    path: `${AUTH_BASE_PATH}/get-session`,
    access: 'public',
    summary: 'The current better-auth session',
    description:
      'Null when signed out. Call it once when the app starts: it extends an active session (at most once a ' +
      'day) and renews the cookie. `session.token` also works as a bearer token.',
    response: z
      .object({
        session: z.object({ token: z.string(), expiresAt: z.string() }).loose(),
        user: z.object({ id: z.string(), email: z.string() }).loose(),
      })
      .nullable(),
  }),
  revokeSessions: defineRoute({
    method: 'POST',
    path: `${AUTH_BASE_PATH}/revoke-sessions`,
    access: 'signedIn',
    summary: 'End every session of this person',
    response: z.object({ status: z.boolean() }),
  }),
};
