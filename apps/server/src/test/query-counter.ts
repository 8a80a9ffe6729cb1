import type { Database } from '../db/client.ts';

export interface QueryLog {
  /** SQL text of every statement the app ran on its database since the log started (job queue excluded). */
  statements: string[];
  /** Only the statements that change rows. */
  writes(): string[];
  stop(): void;
}

const WRITE = /^\s*(insert|update|delete|merge)\b/i;

/**
 * Records the statements the app sends to its database, by wrapping the driver's `query` (PGlite instance or
 * pg Pool): tests count the queries of a route, or assert that a read wrote nothing. The job queue's own
 * polling (its schema) is left out, since it runs on its own clock, and so is the shared rate-limit counter
 * (`rate_limit_hit`, on PostgreSQL): its leases come and go with the client's requests, whatever the route reads.
 */
export function recordQueries(database: Database): QueryLog {
  const statements: string[] = [];
  const bossSchema = database.schema ? `${database.schema}_boss` : 'pgboss';
  const note = (text: unknown) => {
    const sql = typeof text === 'string' ? text : ((text as { text?: string } | null)?.text ?? '');
    if (!sql.includes(bossSchema) && !sql.includes('rate_limit_hit')) statements.push(sql);
  };
  const target = (database.pglite ?? database.pool) as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return original.apply(this, args);
  };
  return {
    statements,
    writes: () => statements.filter((sql) => WRITE.test(sql)),
    stop() {
      target.query = original;
    },
  };
}
