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
 * Stable reasons the client translates (decision 0078): the envelope's `message` stays the server's English, and
 * `reason`, when present, names the case so the web shows its own text for it (falling back to `message`).
 */
export const ERROR_REASONS = [
  'signInRequired',
  'campaignNotFound',
  'winnerAlreadyDistributed',
  'drawNotFound',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

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
