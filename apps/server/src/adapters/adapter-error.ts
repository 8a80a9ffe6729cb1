/**
 * The few kinds of failure an outside system can have, so callers know what to do without knowing the system:
 * retry later, slow down, fix credentials, give up on this item, or give up altogether.
 */
export type AdapterErrorKind = 'retryable' | 'rate-limited' | 'auth' | 'not-found' | 'permanent';

export class AdapterError extends Error {
  constructor(
    readonly kind: AdapterErrorKind,
    readonly system: string,
    message: string,
    options: { cause?: unknown; retryAfterMs?: number } = {},
  ) {
    super(`${system}: ${message}`, { cause: options.cause });
    this.name = 'AdapterError';
    this.retryAfterMs = options.retryAfterMs;
  }

  readonly retryAfterMs: number | undefined;
}

export function isAdapterError(error: unknown, kind?: AdapterErrorKind): error is AdapterError {
  return error instanceof AdapterError && (kind === undefined || error.kind === kind);
}

/** Maps an HTTP status from an outside API to an error kind. */
export function kindForHttpStatus(status: number): AdapterErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500 || status === 408) return 'retryable';
  return 'permanent';
}
