import { z } from 'zod';

/** Machine-readable error codes; each maps to exactly one HTTP status. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The caller's account is suspended by an operator: no signed-in call answers it. */
  ACCOUNT_SUSPENDED: 403,
  /** The change needs a sign-in made moments ago (e.g. replacing the wallet address): sign in again. */
  RECENT_SIGN_IN_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  /** The wallet proof (signed EIP-4361 message) is missing, used, expired, for another address or forged. */
  WALLET_PROOF_INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/**
 * The general code for a status, when an error arrives as a bare status (a plugin, better-auth, tus): the first
 * code of that status in `errorCodes`, except that a bare 400 is BAD_REQUEST (VALIDATION_FAILED names fields).
 */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  const found = (Object.keys(errorCodes) as ErrorCode[]).find((code) => errorCodes[code] === status);
  return found ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/**
 * Stable reasons the client translates (decisions 0078, 0205): the envelope's `message` stays the server's English,
 * and `reason` names the case so the web shows its own text for it (falling back to `message`). Every refusal a
 * person can meet carries one, except the codes of `GENERIC_ERROR_CODES`, whose text the web has by code.
 */
export const ERROR_REASONS = [
  // Generic: a thing that is not there or not open to the caller, where the case says nothing more.
  'notFound',
  'notAllowed',
  'requestNotProcessed',
  // Accounts and sign-in.
  'signInRequired',
  'signUpUnfinished',
  'streamersOnly',
  'accountNotRegistered',
  'accountAlreadyExists',
  'notYourAccount',
  'signInMethodNotLinked',
  'signInMethodAlreadyLinked',
  'lastSignInMethod',
  'noVerifiedEmail',
  'signInMethodUnavailable',
  'signInRefused',
  'signInLinkExpired',
  'wrongSignInCode',
  'walletAddressTaken',
  'walletChangedAgain',
  'previousWalletAddressTaken',
  'undoLinkExpired',
  'unsubscribeLinkInvalid',
  'unsubscribeLinkExpired',
  'userNotFound',
  'ownRoleUnchangeable',
  'cannotSuspendSelf',
  'peopleSearchNotAllowed',
  'streamerNotFound',
  // Campaigns.
  'campaignNotFound',
  'notYourCampaign',
  'campaignNotPublished',
  'campaignEnded',
  'campaignAlreadyStarted',
  'liveCampaignStaysLive',
  'liveCampaignNotDeletable',
  'campaignRulesBroken',
  'notYourWatchlist',
  // Live chat.
  'platformNotConnected',
  'platformAccessRevoked',
  'platformNotInCampaign',
  'notLiveOnPlatform',
  'platformNoAnswer',
  'liveStreamNotFound',
  // Draws and winners.
  'drawNotFound',
  'drawInProgress',
  'noEligibleEntrants',
  'allWinnersDrawn',
  'tooManyWinnersRequested',
  'drawNotRevealed',
  'drawsAreManual',
  'noDrawInterval',
  'winnerNotFound',
  'winnerAlreadyDistributed',
  // Digital goods, tokens and delivery.
  'goodsNotFound',
  'notYourGoods',
  'goodsNotPublished',
  'notEnoughCopies',
  'publishedGoodsFixed',
  'supplyCannotShrink',
  'supplyPromisedToCampaigns',
  'publishedGoodsNotDeletable',
  'goodsUsedByCampaigns',
  'goodsImageRequired',
  'tokenNotFound',
  'tokenSupplyCapReached',
  'chainRefused',
  'collectionNotFound',
  'deliveryNotFound',
  'deliveryNotRetryable',
  'deliveryNotCancellable',
  'deliveryChanged',
  'manualDistributionNotFound',
  'tooManyTwitcastingIds',
  'twitcastingIdUnresolved',
  // Uploads.
  'uploadNotFound',
  'uploadFinished',
  'fileNotYours',
  'fileWrongKind',
  'fileNotImage',
  'fileEmpty',
  'imageTooLarge',
  'imageUnreadable',
  'imageTooManyFrames',
  // Notifications, news, requests.
  'notificationNotFound',
  'notYourNotifications',
  'newsNotFound',
  'idempotencyKeyReused',
  'xsrfTokenInvalid',
  'sandboxStreamEnded',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/**
 * Envelope codes whose server wording is generic, so the web shows its own text for the code when no reason came
 * (decision 0205): a refusal with any other code must carry a reason (the server's helpers require one).
 */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'ACCOUNT_SUSPENDED',
  'RECENT_SIGN_IN_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'WALLET_PROOF_INVALID',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];
/** The codes whose envelope needs a reason: what they refuse is particular to the case. */
export type ReasonedErrorCode = Exclude<ErrorCode, GenericErrorCode>;

export function isGenericErrorCode(code: string): code is GenericErrorCode {
  return (GENERIC_ERROR_CODES as readonly string[]).includes(code);
}

export const ErrorDetail = z.object({
  /** Dotted path of the failing field, e.g. `body.entryRule.keyword`. */
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The one error envelope every failing API call answers with. */
export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
    reason: z.enum(ERROR_REASONS).optional(),
    /** The request's id (also the `X-Request-Id` answer header): quote it when reporting a problem. */
    requestId: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return ErrorEnvelope.safeParse(value).success;
}
