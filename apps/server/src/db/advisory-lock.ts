import type pg from 'pg';

/**
 * Runs `task` while this session holds PostgreSQL's advisory lock `key`, on a connection checked out for it (a
 * dead holder's lock dies with its connection, so no process ever has to clean up after another).
 *
 * A checked-out pg client has no error listener of the pool's: a database blip while the lock is held would be an
 * unhandled 'error' event and kill the process. Here it only marks the connection broken; the task's own queries
 * fail and say so. A connection whose unlock failed may still hold the lock, so it is destroyed, never pooled.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: string,
  task: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let healthy = true;
  const lost = () => (healthy = false);
  client.on('error', lost);
  try {
    // Waiting for the lock is not a slow statement: another process may hold it for a whole delivery run or
    // migration. The session default comes back with RESET before the connection is pooled again.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    try {
      return await task(client);
    } finally {
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
        .catch(() => (healthy = false));
    }
  } finally {
    if (healthy) await client.query('reset statement_timeout').catch(() => (healthy = false));
    if (healthy) client.removeListener('error', lost); // pooled again: the pool listens from here
    client.release(!healthy);
  }
}
