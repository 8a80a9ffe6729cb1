import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/client.ts';

/**
 * Whoever holds this lock is the only one signing with the server's key, so nonces are handed out in order.
 * Inside one process a promise chain serialises callers; across processes on PostgreSQL a session advisory
 * lock does (released by PostgreSQL itself if the holder dies). PGlite is single-process, so the chain suffices.
 */
export class SignerLock {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: Database,
    /** Identifies the signer: chain id and address (and the private schema in tests). */
    private readonly name: string,
  ) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(
      () => this.holdDatabaseLock(task),
      () => this.holdDatabaseLock(task),
    );
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async holdDatabaseLock<T>(task: () => Promise<T>): Promise<T> {
    const pool = this.database.kind === 'postgres' ? this.database.pool : undefined;
    if (!pool) return task();
    const key = `${this.database.schema ?? 'public'}:${this.name}`;
    // The lock dies with its connection; a blip fails the task's own queries, and chain_tx's unique nonce index
    // stops any second signer meanwhile.
    return withAdvisoryLock(pool, key, () => task());
  }
}
