import {
  errorCodes,
  type ErrorCode,
  type ErrorDetail,
  isGenericErrorCode,
  type ErrorReason,
  type GenericErrorCode,
  type ReasonedErrorCode,
} from '@hanabi/api';

/**
 * An error the client is meant to see: it becomes the JSON envelope with the status of its code. A code the web
 * translates only generically may come without a reason; any other needs one (decision 0205), so a new refusal
 * without a text in the reader's language fails the typecheck.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** A stable name of the case the client translates (decisions 0078, 0205). */
  readonly reason?: ErrorReason;

  constructor(code: GenericErrorCode, message: string, details?: ErrorDetail[], reason?: ErrorReason);
  constructor(
    code: ReasonedErrorCode,
    message: string,
    details: ErrorDetail[] | undefined,
    reason: ErrorReason,
  );
  constructor(code: ErrorCode, message: string, details?: ErrorDetail[], reason?: ErrorReason) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.reason = reason;
    this.statusCode = errorCodes[code];
  }
}

/**
 * An error rebuilt from parts that crossed a boundary (a job's stored outcome, another server's status): a code
 * that needs a reason and arrives without one gets the generic `requestNotProcessed` (or `notFound`).
 */
export function appErrorOf(code: ErrorCode, message: string, details?: ErrorDetail[], reason?: ErrorReason) {
  if (isGenericErrorCode(code)) return new AppError(code, message, details, reason);
  return new AppError(
    code,
    message,
    details,
    reason ?? (code === 'NOT_FOUND' ? 'notFound' : 'requestNotProcessed'),
  );
}

export const unauthenticated = (message = 'Please sign in.') =>
  new AppError('UNAUTHENTICATED', message, undefined, 'signInRequired');
export const forbidden = (reason: ErrorReason, message = 'You are not allowed to do this.') =>
  new AppError('FORBIDDEN', message, undefined, reason);
export const notFound = (reason: ErrorReason, message = 'Not found.') =>
  new AppError('NOT_FOUND', message, undefined, reason);
/** The campaign 404 every campaign route answers (unknown, a draft of someone else, a suspended streamer). */
export const campaignNotFound = () => notFound('campaignNotFound', 'No campaign with this id.');
export const conflict = (reason: ErrorReason, message: string) =>
  new AppError('CONFLICT', message, undefined, reason);
export const businessRule = (reason: ErrorReason, message: string, details?: ErrorDetail[]) =>
  new AppError('BUSINESS_RULE', message, details, reason);
export const badRequest = (message: string, details?: ErrorDetail[], reason?: ErrorReason) =>
  new AppError('BAD_REQUEST', message, details, reason);
