import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

type Answer = { current: number; ttl: number };
interface Store {
  incr(
    key: string,
    callback: (error: Error | null, result?: Answer) => void,
    window: number,
    max: number,
  ): void;
  flush(): Promise<void>;
}

const WINDOW = 60_000;

/** Counts one request; `sync` says whether the store answered without waiting for the database. */
function count(store: Store, key: string, max: number): Promise<Answer & { sync: boolean }> {
  return new Promise((resolve, reject) => {
    let returned = false;
    store.incr(
      key,
      (error, result) => (error ? reject(error) : resolve({ ...result!, sync: !returned })),
      WINDOW,
      max,
    );
    returned = true;
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('the shared rate-limit store (postgres, decision 0157)', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function twoProcesses(): Promise<{ a: Store; b: Store; hits: (key: string) => Promise<number> }> {
    ctx = await createTestContext('postgres');
    const pool = ctx.container.database.pool!;
    const Store = postgresRateLimitStore(pool) as unknown as new (options: object) => Store;
    const hits = async (key: string) =>
      (await pool.query<{ hits: number }>('select hits from rate_limit_hit where key = $1', [key])).rows[0]
        ?.hits ?? 0;
    return { a: new Store({}), b: new Store({}), hits };
  }

  it('counts requests far from the limit in memory and sends them in one statement', async () => {
    const { a, hits } = await twoProcesses();
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push(await count(a, '192.0.2.1', 1000));
    // A client new to this process is counted exactly once (nothing is known of the others' counts yet).
    expect(answers.map((answer) => answer.sync)).toEqual([false, ...Array.from({ length: 49 }, () => true)]);
    expect(answers.map((answer) => answer.current)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await a.flush();
    expect(await hits('global:192.0.2.1')).toBe(50);
  });

  it('counts exactly near the limit: the request that crosses it is the same across two processes', async () => {
    const { a, b, hits } = await twoProcesses();
    const max = 200;
    let firstLimited = 0;
    for (let sent = 1; sent <= 260 && firstLimited === 0; sent += 1) {
      const answer = await count(sent % 2 ? a : b, '192.0.2.2', max);
      if (answer.current > max) firstLimited = sent;
      // Flushes happen while requests come, as the timer does it.
      if (sent % 37 === 0) await Promise.all([a.flush(), b.flush()]);
    }
    expect(firstLimited).toBe(max + 1);
    // Over the limit, both answer from memory without a statement.
    const over = await Promise.all([count(a, '192.0.2.2', max), count(b, '192.0.2.2', max)]);
    expect(over.map((answer) => [answer.sync, answer.current > max])).toEqual([
      [true, true],
      [true, true],
    ]);
    await Promise.all([a.flush(), b.flush()]);
    expect(await hits('global:192.0.2.2')).toBe(max + 3);
  });

  it('counts exactly when what it knows of the others is stale (flushes not landing)', async () => {
    const { a, b } = await twoProcesses();
    const max = 1000;
    await count(a, '192.0.2.4', max);
    await count(b, '192.0.2.4', max);
    // Process b's flushes stop landing (its timer never runs here): a second later it no longer trusts what it
    // knows and asks the table on every request, so it sees a's hits.
    for (let i = 0; i < 600; i += 1) await count(a, '192.0.2.4', max);
    await a.flush();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answer = await count(b, '192.0.2.4', max);
    expect(answer.sync).toBe(false);
    expect(answer.current).toBe(603);
  });

  it('keeps unsent hits when the database refuses them and sends them with the next batch', async () => {
    const { a, hits } = await twoProcesses();
    for (let i = 0; i < 10; i += 1) await count(a, '192.0.2.3', 1000);
    const pool = ctx!.container.database.pool!;
    await pool.query('alter table rate_limit_hit rename to rate_limit_hit_away');
    await a.flush();
    await pool.query('alter table rate_limit_hit_away rename to rate_limit_hit');
    for (let i = 0; i < 5; i += 1) await count(a, '192.0.2.3', 1000);
    await a.flush();
    expect(await hits('global:192.0.2.3')).toBe(15);
  });
});
