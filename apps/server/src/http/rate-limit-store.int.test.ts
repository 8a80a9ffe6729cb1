import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { LEASE_SHARE, postgresRateLimitStore } from './rate-limit-store.ts';

type Answer = { current: number; ttl: number };
interface Store {
  incr(
    key: string,
    callback: (error: Error | null, result?: Answer) => void,
    window: number,
    max: number,
  ): void;
}

const WINDOW = 60_000;

/** One request counted; `sync` says whether the store answered without waiting for the database. */
function count(store: Store, key: string, max: number, window = WINDOW): Promise<Answer & { sync: boolean }> {
  return new Promise((resolve, reject) => {
    let returned = false;
    store.incr(
      key,
      (error, result) => (error ? reject(error) : resolve({ ...result!, sync: !returned })),
      window,
      max,
    );
    returned = true;
  });
}

/** A seeded order of processes, so a failing run can be replayed. */
function seededPicker(seed: number, processes: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * processes);
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the shared rate-limit store (postgres, decision 0145)', () => {
  let database: Database;
  const schema = `rate_${crypto.randomBytes(4).toString('hex')}`;
  let statements = 0;
  /** N api processes as far as the limits can tell: stores made by separate calls, on one database. */
  const processes = (n: number) =>
    Array.from({ length: n }, () => {
      const Store = postgresRateLimitStore(database.pool!) as unknown as new (options: object) => Store;
      return new Store({});
    });
  const hits = async (key: string) =>
    (await database.pool!.query<{ hits: number }>('select hits from rate_limit_hit where key = $1', [key]))
      .rows[0]?.hits ?? 0;
  const freshKey = () => `198.51.100.${crypto.randomInt(1, 255)}-${crypto.randomUUID()}`;

  beforeAll(async () => {
    database = await openPostgres(process.env.TEST_DATABASE_URL!, 8, schema);
    await runMigrations(database);
    const pool = database.pool! as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query;
    pool.query = function (this: unknown, ...args: unknown[]) {
      if (String(args[0]).includes('rate_limit_hit')) statements += 1;
      return query.apply(this, args);
    };
  });
  afterAll(async () => {
    await database.pool!.query(`drop schema if exists ${schema} cascade`);
    await database.close();
  });

  it('two processes taking turns let exactly the limit through; the next request is refused by both', async () => {
    const [a, b] = processes(2);
    const key = freshKey();
    const max = 600;
    let firstLimited = 0;
    for (let sent = 1; sent <= 700 && firstLimited === 0; sent += 1) {
      if ((await count(sent % 2 ? a! : b!, key, max)).current > max) firstLimited = sent;
    }
    expect(firstLimited).toBe(max + 1);
    for (const store of [a!, b!]) expect((await count(store, key, max)).current).toBeGreaterThan(max);
  });

  it('never lets more than the limit through, whatever the order of four processes', async () => {
    const max = 600;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const stores = processes(4);
      const pick = seededPicker(seed, stores.length);
      const key = freshKey();
      let admitted = 0;
      let firstLimited = 0;
      for (let sent = 1; sent <= 1200; sent += 1) {
        const answer = await count(stores[pick()]!, key, max);
        if (answer.current <= max) admitted += 1;
        else if (firstLimited === 0) firstLimited = sent;
      }
      // Every hit let through was reserved first: never over. Requests kept coming to every process, so
      // each used what it had reserved: exactly the limit.
      expect(admitted, `seed ${seed}`).toBe(max);
      // A refusal comes early only by what the others hold unused: at most their last leases.
      expect(firstLimited, `seed ${seed}`).toBeGreaterThan(max - 3 * Math.ceil(max / LEASE_SHARE));
    }
  });

  it('answers from memory while a lease lasts: a busy client costs one statement per many requests', async () => {
    const [a] = processes(1);
    const key = freshKey();
    const before = statements;
    const answers = [];
    for (let i = 0; i < 2000; i += 1) answers.push(await count(a!, key, 100_000_000));
    expect(answers.every((answer) => answer.current <= 100_000_000)).toBe(true);
    expect(answers.filter((answer) => !answer.sync)).toHaveLength(statements - before);
    expect(statements - before).toBeLessThanOrEqual(3);
    expect(await hits(`global:${key}`)).toBeGreaterThanOrEqual(2000);
  });

  it('shares out one lease among concurrent requests and never over-admits under concurrency', async () => {
    const [a, b] = processes(2);
    const key = freshKey();
    const max = 400;
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => count(i % 3 === 0 ? a! : b!, key, max)),
    );
    const admitted = answers.filter((answer) => answer.current <= max).length;
    expect(admitted).toBeLessThanOrEqual(max);
    expect(admitted).toBeGreaterThan(max - 2 * Math.ceil(max / LEASE_SHARE));
  });

  it('refuses from memory once the table is full, and starts again when the window ends', async () => {
    const [a] = processes(1);
    const key = freshKey();
    const window = 1_000;
    for (let i = 0; i < 3; i += 1) expect((await count(a!, key, 3, window)).current).toBeLessThanOrEqual(3);
    const before = statements;
    const refused = await count(a!, key, 3, window);
    expect(refused.current).toBeGreaterThan(3);
    expect(refused.sync).toBe(true);
    expect(statements).toBe(before);
    expect(await hits(`global:${key}`)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, window + 100));
    expect((await count(a!, key, 3, window)).current).toBeLessThanOrEqual(3);
  });

  it('passes a database error to the plugin (which lets the request through) and asks again next time', async () => {
    const [a] = processes(1);
    const key = freshKey();
    const pool = database.pool! as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query;
    pool.query = () => Promise.reject(new Error('connection terminated'));
    await expect(count(a!, key, 600)).rejects.toThrow('connection terminated');
    pool.query = query;
    expect((await count(a!, key, 600)).current).toBeLessThanOrEqual(600);
    expect(await hits(`global:${key}`)).toBeGreaterThan(0);
  });
});
