import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { DeliveryEngine } from './delivery.engine.ts';
import type { DeliveryKicker } from './delivery.service.ts';

export const DeliveryTickPayload = z.object({});

/** How long one run may keep going before it hands over to a fresh job (keeps jobs short and restartable). */
export const RUN_BUDGET_MS = 60_000;
/** Every 10 s one run is queued across all workers (a singleton per slot). */
export const DELIVERY_WATCHDOG_SECONDS = 10;

/**
 * The delivery worker as a job: each run reconciles and sends until nothing is in flight or due, then books
 * its own follow-up when work remains (transactions awaiting confirmations, deliveries backing off). A
 * per-minute schedule is the safety net: a lost wake-up or a crashed run costs at most a minute.
 */
export function deliveryTickJob(
  engine: () => Promise<DeliveryEngine>,
  queue: () => JobQueue,
  /** Deliveries queued or awaiting their transaction: the watchdog queues a run only then. */
  hasWork: () => Promise<boolean> = async () => true,
) {
  const job: JobDefinition<typeof DeliveryTickPayload> = defineJob({
    name: 'delivery.tick',
    payload: DeliveryTickPayload,
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 10, delaySeconds: 2, backoff: true },
    expireInSeconds: 300,
    // A killed worker's run is taken over within this: the signer lock died with its connection at once, so the
    // only wait is for someone to start a run (decision 0142).
    watchdog: { everySeconds: DELIVERY_WATCHDOG_SECONDS, when: hasWork },
    handler: async (_payload, { log, stopping }) => {
      const state = await (await engine()).runUntilIdle(RUN_BUDGET_MS, stopping);
      if (state.inFlight > 0 || state.queuedDue) {
        await queue().send(job, {}, { startAfter: 1 });
      } else if (state.nextDueAt) {
        const seconds = Math.max(1, Math.ceil((state.nextDueAt.getTime() - Date.now()) / 1000));
        await queue().send(job, {}, { startAfter: seconds });
      }
      log.debug({ ...state }, 'delivery run finished');
      return { inFlight: state.inFlight, queuedDue: state.queuedDue };
    },
  });
  return job;
}

/** Wakes the worker by queueing a run now. */
export class QueuedDeliveryKicker implements DeliveryKicker {
  constructor(
    private readonly queue: JobQueue,
    private readonly job: JobDefinition<typeof DeliveryTickPayload>,
  ) {}

  async kick(): Promise<void> {
    await this.queue.send(this.job, {});
  }
}
