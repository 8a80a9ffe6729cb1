import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { releaseClientsOfFailedTransactions } from './pooled-transaction.ts';

/** A pool (by drizzle's test: its class name) lending one client whose statements fail as `fails` says. */
function fakePool(fails: (text: string) => boolean) {
  const sent: string[] = [];
  const released: Array<Error | undefined> = [];
  const client = {
    query: async (query: string | { text: string }) => {
      const text = typeof query === 'string' ? query : query.text;
      sent.push(text);
      if (fails(text)) throw new Error(`connection terminated (${text})`);
      return { rows: [], rowCount: 0, command: text, fields: [] };
    },
    release: (error?: Error) => released.push(error),
  };
  class FakePool {
    connect = async () => client;
  }
  return { pool: new FakePool(), sent, released };
}

describe('a pooled transaction always gives its client back', () => {
  releaseClientsOfFailedTransactions();

  it('when BEGIN fails (the connection died after checkout): released once, destroyed, no ROLLBACK sent', async () => {
    const { pool, sent, released } = fakePool((text) => text.startsWith('begin'));
    const db = drizzle({ client: pool as never });
    let ran = false;
    await expect(db.transaction(async () => void (ran = true))).rejects.toThrow(/begin/);
    expect(ran).toBe(false);
    expect(sent).toEqual(['begin']);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error); // pg-pool destroys a client released with an error
  });

  it('when the work fails: ROLLBACK, then released to the pool; when ROLLBACK fails too: destroyed', async () => {
    const healthy = fakePool(() => false);
    await expect(
      drizzle({ client: healthy.pool as never }).transaction(async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(healthy.sent).toEqual(['begin', 'rollback']);
    expect(healthy.released).toEqual([undefined]);

    const dying = fakePool((text) => text === 'rollback');
    await expect(
      drizzle({ client: dying.pool as never }).transaction(async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(dying.released).toHaveLength(1);
    expect(dying.released[0]).toBeInstanceOf(Error);
  });

  it('commits and gives the client back unharmed on success', async () => {
    const { pool, sent, released } = fakePool(() => false);
    const result = await drizzle({ client: pool as never }).transaction(async (tx) => {
      await tx.execute('select 1' as never);
      return 42;
    });
    expect(result).toBe(42);
    expect(sent[0]).toBe('begin');
    expect(sent.at(-1)).toBe('commit');
    expect(released).toEqual([undefined]);
  });
});
