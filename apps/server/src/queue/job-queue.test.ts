import type { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { JobQueue } from './job-queue.ts';

/** pg-boss is created but never started: only its 'error' events are driven here. */
function queueWithLog() {
  const errors: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }),
  } as unknown as Logger;
  const database = { kind: 'postgres', connectionString: 'postgres://nobody@127.0.0.1:1/none' } as Database;
  const queue = JobQueue.create(database, log);
  const boss = (queue as unknown as { boss: EventEmitter }).boss;
  return { errors, boss };
}

describe('job queue error log during a database outage', () => {
  afterEach(() => vi.useRealTimers());

  it('logs the first error of a burst, then one line per interval with the count left out', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const { errors, boss } = queueWithLog();
    for (let i = 0; i < 30; i += 1)
      boss.emit('error', new Error(`database "x" is not accepting connections`));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.fields.suppressed).toBeUndefined();

    vi.advanceTimersByTime(10_000);
    boss.emit('error', new Error('still away'));
    expect(errors).toHaveLength(2);
    expect(errors[1]!.fields.suppressed).toBe(29);
    expect((errors[1]!.fields.err as Error).message).toBe('still away');
  });
});
