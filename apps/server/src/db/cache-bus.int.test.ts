import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../http/read-cache.ts';
import { createLogger } from '../logger.ts';
import { testConfig, openTestDatabase, testBackends } from '../test/test-context.ts';
import { CacheBus } from './cache-bus.ts';
import type { Database } from './client.ts';

/** Two buses on one database stand for two API processes: a write announced by one empties the other's cache. */
describe.each(testBackends({ embedded: true }))('cache bus on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  const log = createLogger(testConfig());
  let here: CacheBus;
  let there: CacheBus;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    here = new CacheBus(database, log);
    there = new CacheBus(database, log);
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await database?.close();
    await drop?.();
  });

  it('invalidates a key, or a whole cache, in every process that attached it', async () => {
    const mine = new ReadCache<string>('things', { ttlMs: 60_000, maxEntries: 10 });
    const theirs = new ReadCache<string>('things', { ttlMs: 60_000, maxEntries: 10 });
    const other = new ReadCache<string>('others', { ttlMs: 60_000, maxEntries: 10 });
    await here.attach(mine);
    await there.attach(theirs);
    await there.attach(other);
    let loads = 0;
    const load = async () => `v${(loads += 1)}`;
    await mine.get('a', load);
    await theirs.get('a', load);
    await theirs.get('b', load);
    await other.get('a', load);
    expect([mine.size, theirs.size, other.size]).toEqual([1, 2, 1]);

    await here.publish('things', 'a');
    expect(mine.size).toBe(0); // at once, here
    await expect.poll(() => theirs.size, { timeout: 5000 }).toBe(1); // soon, there
    expect((await theirs.get('b', load)).value).toBe('v3');
    expect(other.size).toBe(1); // another cache's keys are untouched

    await here.publish('things');
    await expect.poll(() => theirs.size, { timeout: 5000 }).toBe(0);
    expect(other.size).toBe(1);
  });
});
