import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type SessionInternals = {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

let installed = false;

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before the try/finally that gives the pooled client
 * back, so a BEGIN that fails — the connection died between checkout and BEGIN, as in a database outage — keeps the
 * client lent for ever: the pool never ends and a stopping worker hangs (issue [CI budget]; upstream
 * drizzle-team/drizzle-orm#6023, #6241, still open). This is the same method with BEGIN inside the try, ROLLBACK only
 * after a BEGIN that happened, and a client whose ROLLBACK failed destroyed rather than pooled. Remove it when the
 * upstream fix ships (`pooled-transaction.test.ts` fails once the original releases the client itself).
 */
export function releaseClientsOfFailedTransactions(): void {
  if (installed) return;
  installed = true;
  NodePgSession.prototype.transaction = async function transaction<T>(
    this: NodePgSession<Record<string, never>, never>,
    run: (tx: NodePgTransaction<Record<string, never>, never>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const self = this as unknown as SessionInternals;
    // drizzle's own test for a pool (a pg.Pool, or a class named like one).
    const pooled = Object.getPrototypeOf(self.client).constructor.name.includes('Pool');
    const client = pooled ? await (self.client as pg.Pool).connect() : self.client;
    const session = pooled
      ? new NodePgSession(client as pg.PoolClient, self.dialect, self.schema, self.options)
      : this;
    const tx = new NodePgTransaction(self.dialect, session, self.schema as never);
    let began = false;
    let broken: Error | undefined;
    try {
      const options = config
        ? (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(
            config,
          )
        : undefined;
      await tx.execute(sql`begin${options ? sql` ${options}` : undefined}`);
      began = true;
      const result = await run(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!began) broken = error as Error;
      else await tx.execute(sql`rollback`).catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      if (pooled) (client as pg.PoolClient).release(broken);
    }
  } as typeof NodePgSession.prototype.transaction;
}
