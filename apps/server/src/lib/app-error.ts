import { errorCodes, type ErrorCode, type ErrorDetail, type ErrorReason } from '@hanabi/api';

/** An error the client is meant to see: it becomes the JSON envelope with the status of its code. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** A stable name of the case the client translates (decision 0078). */
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}

export const unauthenticated = (message = 'Please sign in.') =>
  new AppError('UNAUTHENTICATED', message, undefined, 'signInRequired');
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.', reason?: ErrorReason) =>
  new AppError('NOT_FOUND', message, undefined, reason);
/** The campaign 404 every campaign route answers (unknown, a draft of someone else, a suspended streamer). */
export const campaignNotFound = () => notFound('No campaign with this id.', 'campaignNotFound');
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const businessRule = (message: string, details?: ErrorDetail[], reason?: ErrorReason) =>
  new AppError('BUSINESS_RULE', message, details, reason);
export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError('BAD_REQUEST', message, details);
