import { badRequest } from '../lib/app-error.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * The `Idempotency-Key` header, checked (the HTTP half; the stored answers are `db/idempotent-write.ts`):
 * printable ASCII, at most 200 characters; undefined when absent.
 */
export function readIdempotencyKey(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw badRequest('Some fields are not valid: headers.idempotency-key.', [
      { field: 'headers.idempotency-key', message: 'must be 1–200 printable ASCII characters' },
    ]);
  }
  return key;
}
