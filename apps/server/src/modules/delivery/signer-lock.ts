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
    const client = await pool.connect();
    let healthy = true;
    // A checked-out pg client has no error listener of the pool's: a database blip while the lock is held would
    // be an unhandled 'error' event and kill the worker. The lock dies with the connection; the task's own
    // queries fail on their pooled connections, and chain_tx's unique nonce index stops any second signer.
    const lost = () => (healthy = false);
    client.on('error', lost);
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await task();
      } finally {
        await client
          .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
          .catch(() => (healthy = false));
      }
    } finally {
      // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
      if (healthy) client.removeListener('error', lost); // pooled again: the pool listens from here
      client.release(!healthy);
    }
  }
}
