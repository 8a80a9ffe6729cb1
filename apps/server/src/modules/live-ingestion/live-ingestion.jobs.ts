import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { LivePoller } from './live-poller.ts';
import type { LiveStreamRepository } from './live-stream.repository.ts';

export const LivePollPayload = z.object({ liveStreamId: z.string().min(1) });

export interface IngestionJobTiming {
  /** One job keeps polling its stream this long, then hands over to a fresh job (short, restartable jobs). */
  runBudgetMs: number;
  /** A poll due within this long is waited for in the job; a later one is booked as a job with startAfter. */
  inJobWaitMs: number;
  /** The sweep re-kicks streams whose poll is this late (their job was lost: crash, restart, failed send). */
  overdueMs: number;
}

export const DEFAULT_INGESTION_JOB_TIMING: IngestionJobTiming = {
  runBudgetMs: 45_000,
  inJobWaitMs: 5000,
  overdueMs: 10_000,
};

/**
 * The ingestion loop as jobs. `live.poll` polls one stream again and again at the pace the platform sets
 * (waiting in-process for short intervals, since a queue round trip costs about a second), or keeps its
 * streamed chat open and reconnects when YouTube closes it (decision 0160), then books its successor at
 * `nextPollAt`. Two jobs for one stream are harmless: each poll claims the stream first, and a
 * job that cannot claim it ends without a successor. `live.sweep` runs every minute and re-kicks streams whose
 * poll time passed long ago, so after a crash or restart reading resumes from the stored cursor.
 */
export function liveIngestionJobs(
  poller: () => LivePoller,
  streams: () => LiveStreamRepository,
  queue: () => JobQueue,
  timing: IngestionJobTiming = DEFAULT_INGESTION_JOB_TIMING,
) {
  const pollJob: JobDefinition<typeof LivePollPayload> = defineJob({
    name: 'live.poll',
    payload: LivePollPayload,
    retry: { limit: 3, delaySeconds: 2, backoff: true },
    expireInSeconds: 120,
    // Each job holds a worker slot while it waits between polls of its stream.
    concurrency: 20,
    handler: async ({ liveStreamId }, { log }) => {
      const started = Date.now();
      let polls = 0;
      let added = 0;
      for (;;) {
        // A streamed chat stays open (pages committed as they come) for the rest of this run.
        const outcome = await poller().poll(liveStreamId, { until: started + timing.runBudgetMs });
        if (!outcome.polled) return { polls, added, handedOver: false };
        polls += 1;
        added += outcome.added;
        if (!outcome.nextPollAt) return { polls, added, status: outcome.status };
        const wait = outcome.nextPollAt.getTime() - Date.now();
        if (wait > timing.inJobWaitMs || Date.now() - started + wait > timing.runBudgetMs) {
          await queue().send(pollJob, { liveStreamId }, { startAfter: outcome.nextPollAt });
          log.debug({ liveStreamId, polls, added }, 'live poll run handed over');
          return { polls, added, handedOver: true };
        }
        if (wait > 0) await sleep(wait);
      }
    },
  });

  const sweepJob = defineJob({
    name: 'live.sweep',
    payload: z.object({}),
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 1, delaySeconds: 10, backoff: false },
    expireInSeconds: 60,
    handler: async () => {
      const ids = await streams().overdue(timing.overdueMs);
      for (const liveStreamId of ids) await queue().send(pollJob, { liveStreamId });
      return { kicked: ids.length };
    },
  });

  return { pollJob, sweepJob };
}

/** Starts reading a stream now (after start, or to resume). A lost send is caught by the sweep. */
export class LivePollKicker {
  constructor(
    private readonly queue: JobQueue,
    private readonly job: JobDefinition<typeof LivePollPayload>,
    private readonly log: Logger,
  ) {}

  async kick(liveStreamId: string): Promise<void> {
    try {
      await this.queue.send(this.job, { liveStreamId });
    } catch (error) {
      this.log.warn({ err: error, liveStreamId }, 'could not queue the first poll; the sweep will');
    }
  }
}
