import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../lib/app-error.ts';
import type { Db } from './client.ts';
import { idempotencyRecord } from './schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function hashOf(requestBody: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(requestBody)).digest('hex');
}

/**
 * The stored answer of a key already used (undefined when not, or no key): for writes whose checks read
 * outside the write's transaction (PGlite has one connection), so a repeat is answered before the checks run.
 * The same key with a different body is refused (422), as in `runIdempotent`.
 */
export async function storedIdempotentResponse<T>(
  db: Db,
  scope: string,
  key: string | undefined,
  requestBody: unknown,
): Promise<T | undefined> {
  if (key === undefined) return undefined;
  const [seen] = await db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.scope, scope), eq(idempotencyRecord.key, key)));
  if (!seen || seen.expiresAt <= new Date()) return undefined;
  if (seen.requestHash !== hashOf(requestBody)) throw reusedKey();
  return seen.responseBody as T;
}

const reusedKey = () =>
  new AppError(
    'BUSINESS_RULE',
    'This Idempotency-Key was already used with a different request body.',
    [{ field: 'headers.idempotency-key', message: 'already used for another request' }],
    'idempotencyKeyReused',
  );

/**
 * Runs a write at most once per client key: inside one transaction (serialised per key by an advisory lock),
 * a key seen before answers the stored response; the same key with a different body is refused (422); a new
 * key runs `work` and stores its answer with it, so the answer exists exactly when the write committed.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: string,
  key: string | undefined,
  requestBody: unknown,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (key === undefined) return work(tx);
    const requestHash = hashOf(requestBody);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}\n${key}`}, 0))`);
    const [seen] = await tx
      .select()
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.scope, scope), eq(idempotencyRecord.key, key)));
    if (seen && seen.expiresAt > new Date()) {
      if (seen.requestHash !== requestHash) throw reusedKey();
      return seen.responseBody as T;
    }
    const result = await work(tx);
    await tx
      .insert(idempotencyRecord)
      .values({ scope, key, requestHash, responseStatus: 200, responseBody: result as object })
      .onConflictDoUpdate({
        target: [idempotencyRecord.scope, idempotencyRecord.key],
        set: {
          requestHash,
          responseBody: result as object,
          createdAt: new Date(),
          expiresAt: sql`now() + interval '24 hours'`,
        },
      });
    return result;
  });
}
