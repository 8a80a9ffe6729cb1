import { errorCodes, type ErrorCode, type ErrorDetail } from '@hanabi/api';

/** An error the client is meant to see: it becomes the JSON envelope with the status of its code. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}

export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const businessRule = (message: string, details?: ErrorDetail[]) =>
  new AppError('BUSINESS_RULE', message, details);
export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError('BAD_REQUEST', message, details);
