import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './app-error.ts';

/**
 * Opaque keyset cursors for `nextCursor` paging: the sort value and id of the last row of a page, as base64url
 * JSON. A cursor that does not decode is a client mistake (400 naming `query.cursor`).
 */
export function encodeCursor(sortValue: string | number, id: string): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { sortValue: string | number; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string'
    ) {
      return { sortValue: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the 400
  }
  throw invalidCursor();
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are not valid: query.cursor.', [
    { field: 'query.cursor', message: 'is not a cursor this list gave out' },
  ]);
}

/** A cursor's sort value as a date (for timestamp keys). */
export function cursorDate(value: string | number): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidCursor();
  return date;
}

/**
 * A timestamp column at the millisecond precision a cursor carries (JavaScript dates). PostgreSQL keeps
 * microseconds, so rows written within one millisecond would otherwise fall between two pages: order and
 * compare keyset pages on this, not on the raw column.
 */
export function atMillisecond(column: AnyColumn): SQL<Date> {
  return sql<Date>`date_trunc('milliseconds', ${column})`;
}
