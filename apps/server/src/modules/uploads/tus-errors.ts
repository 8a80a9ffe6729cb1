import { errorCodeForStatus, type ErrorCode } from '@hanabi/api';
import { appErrorOf, type AppError } from '../../lib/app-error.ts';

/** The envelope code for an HTTP status (400 → BAD_REQUEST). */
export const codeForStatus: (status: number) => ErrorCode = errorCodeForStatus;

/** An AppError as the JSON envelope text. */
export function errorBody(error: AppError): string {
  return JSON.stringify({
    error: {
      code: error.code,
      message: error.message,
      ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
      ...(error.reason ? { reason: error.reason } : {}),
    },
  });
}

/** A tus answer's body as the envelope: JSON bodies pass, tus's plain-text reasons are wrapped. */
export function envelopeText(status: number, body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return trimmed;
  return errorBody(appErrorOf(codeForStatus(status), trimmed || `Upload request answered ${status}.`));
}
