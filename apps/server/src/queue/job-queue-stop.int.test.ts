import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPglite, type Database } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { testConfig } from '../test/test-context.ts';
import { defineJob } from './job-definition.ts';
import { JobQueue } from './job-queue.ts';

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue: stopping and watchdog runs', () => {
  let database: Database | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop(1000);
    await database?.close();
    queue = database = undefined;
  });

  it('tells a running job the worker is stopping, so it ends at its next safe point instead of being cut', async () => {
    database = await openPglite(undefined);
    queue = JobQueue.create(database, createLogger(testConfig()));
    const seen: string[] = [];
    const long = defineJob({
      name: 'test.long',
      payload: z.object({}),
      handler: async (_payload, { stopping }) => {
        seen.push('started');
        // A run that would go on for minutes, passing a safe point every 20 ms.
        for (let pass = 0; pass < 10_000; pass += 1) {
          if (stopping?.aborted) {
            seen.push('ended at a safe point');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        seen.push('ran to the end');
      },
    });
    await queue.start([long]);
    await queue.startWorkers();
    const id = await queue.send(long, {});
    await until(() => seen.includes('started'), 'the job started');
    expect(queue.runningJobs).toBe(1);
    // A budget far above what the job needs once told: it returns by itself, nothing is handed back.
    await queue.stop(60_000);
    expect(seen).toEqual(['started', 'ended at a safe point']);
    expect(queue.runningJobs).toBe(0);
    // Its state, read back on a fresh queue over the same database: completed, not failed.
    const reader = JobQueue.create(database, createLogger(testConfig()));
    await reader.start([long]);
    expect((await reader.getJob(long, id!))?.state).toBe('completed');
    await reader.stop(1000);
  });

  it('queues a watchdog run only while there is work', async () => {
    database = await openPglite(undefined);
    queue = JobQueue.create(database, createLogger(testConfig()));
    let work = false;
    let asked = 0;
    let runs = 0;
    const watched = defineJob({
      name: 'test.watched',
      payload: z.object({}),
      watchdog: {
        everySeconds: 1,
        when: async () => {
          asked += 1;
          return work;
        },
      },
      handler: async () => {
        runs += 1;
      },
    });
    await queue.start([watched]);
    await queue.startWorkers();
    await until(() => asked >= 2, 'the watchdog asked twice');
    expect(runs).toBe(0);
    work = true;
    await until(() => runs >= 1, 'a watchdog run');
  });
});
