/**
 * Whether an error means the database is away or refused to finish in time (decision 0159): a connection
 * refused, dropped or not made in time, the server shutting down or full, or a statement cancelled by
 * `statement_timeout`. The request is fine and worth retrying shortly — a 503, not a 500 that reads as a bug.
 * Drizzle wraps the driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      // 08: connection exception; 57014 query_canceled; 57P01–57P03: admin/crash shutdown, cannot connect now;
      // 53300 too_many_connections.
      if (/^08|^57014$|^57P0[123]$|^53300$/.test(code)) return true;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT') return true;
    }
    if (/^Connection terminated|timeout exceeded when trying to connect/.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
