/** Business constants of the original product and of the design (docs/design.md). */

export const SUCCESS_TOAST_MS = 3000;

export const UPLOAD = {
  /** Files larger than this use the resumable (tus) protocol. */
  resumableThresholdBytes: 262_144,
  chunkSizeStartBytes: 262_144,
  chunkSizeMaxBytes: 33_554_432,
  maxOperationRetryMs: 120_000,
  maxUploadRetryMs: 600_000,
  maxListPageSize: 1000,
} as const;

/**
 * Raster images (PNG, JPEG, GIF, WebP, AVIF) larger than this on a side or in pixels are refused at upload: a
 * small file can announce a huge canvas (a decompression bomb) that would take gigabytes to decode. An animated
 * one (GIF, APNG, WebP) is also bounded by its frames, and by its frames times its canvas (what a viewer's
 * browser decodes to play it). Apart from `UPLOAD`, which the public pages' first load carries.
 */
export const UPLOAD_IMAGE_LIMITS = {
  maxSide: 16_384,
  maxPixels: 40_000_000,
  maxFrames: 1_000,
  maxAnimationPixels: 200_000_000,
} as const;

export const ERROR_REPORTING = { maxBufferedEvents: 30, maxMessageLength: 250, maxBreadcrumbs: 100 } as const;

export const WALLET = {
  mnemonicEntropyBytes: 16,
  indexedDbName: 'hanabi',
  indexedDbStore: 'wallet',
  pbkdf2Iterations: 600_000,
} as const;

/** Network ids of the original (1, 3, 4) plus current ones; any other id prompts a network change. */
export const KNOWN_NETWORKS: Record<number, string> = {
  1: 'mainnet',
  3: 'ropsten',
  4: 'rinkeby',
  11155111: 'sepolia',
  137: 'polygon',
  31337: 'local',
};

export const USER_TYPES = ['streamer', 'audience'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const NOTIFICATION_TYPES = [
  'prizeReceived',
  'prizeCompleted',
  'manualDistributionCompleted',
  'watchlistRegistered',
  'watchlistIncreased',
  'tokenLikeAdded',
  'campaignLikeAdded',
  'accountUpdated',
  'walletChanged',
  'walletSet',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_GROUPS: Record<UserType, readonly NotificationType[]> = {
  streamer: [
    'prizeCompleted',
    'accountUpdated',
    'walletChanged',
    'walletSet',
    'watchlistIncreased',
    'manualDistributionCompleted',
    'campaignLikeAdded',
  ],
  audience: [
    'prizeReceived',
    'accountUpdated',
    'walletChanged',
    'walletSet',
    'watchlistRegistered',
    'tokenLikeAdded',
  ],
};

export const SIGNIN_ERROR_NOT_REGISTERED = 'not yet register';
export const SIGNIN_ERROR_INVALID_USER_TYPE = 'invalid user type';
export const DEFAULT_AVATAR_URL = '/assets/images/avatar.svg';

/** Ways to sign in (docs/design.md §5): Google, X (Twitter) and an e-mail sign-in link. */
export const AUTH_PROVIDERS = ['google', 'twitter', 'email'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
/** The providers that sign in through an OAuth redirect (the rest is the e-mail link). */
export const OAUTH_PROVIDERS = ['google', 'twitter'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Limits of the account form (PUT /api/account/:id). */
export const ACCOUNT_LIMITS = { nameMax: 50, bioMax: 500, avatarUrlMax: 2048 } as const;

/** Where better-auth answers (sign-in links, OAuth redirects and callbacks, sign-out). */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The page an e-mail sign-in link lands on (docs/original-spec.md §9: `{origin}/signup/{userType}/finishSignUp`).
 * Pass it as `callbackURL` when requesting the link or starting an OAuth sign-in.
 */
export function finishSignUpPath(userType: UserType): string {
  return `/signup/${userType}/finishSignUp`;
}

/**
 * Codes the server appends as `?error=` to the callback page of an e-mail link or OAuth redirect that did not
 * end in a session. better-auth adds its own (e.g. `INVALID_TOKEN` for a used or expired link,
 * `state_mismatch`, `access_denied` when the person cancelled at the provider).
 */
export const AUTH_REDIRECT_ERRORS = {
  /** The address belongs to an account that signs in with Google/X and has not linked e-mail sign-in. */
  emailSignInNotLinked: 'EMAIL_SIGN_IN_NOT_LINKED',
  invalidToken: 'INVALID_TOKEN',
} as const;

/**
 * The page-open contract between the server and the web app (decision 0113). The session cookie is HttpOnly, so
 * the server mirrors "this browser has a session" into this readable cookie (no secret in it): without it the
 * app does not ask for a session at all. Public data a page needs first comes inside the page it is served in,
 * as JSON in `<script type="application/json" id="…">`.
 */
export const SESSION_HINT_COOKIE = 'hanabi.has_session';
export const PAGE_DATA_ELEMENT_ID = 'hanabi-page-data';
