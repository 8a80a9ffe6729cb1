import type { z } from 'zod';
import type { Logger } from '../logger.ts';

export interface JobContext {
  jobId: string;
  log: Logger;
  /**
   * Aborted when the worker starts to stop: a long job ends at its next safe point and books its own follow-up,
   * so it is handed back rather than cut (the stop budget, WORKER_STOP_TIMEOUT_MS, is the backstop).
   */
  stopping?: AbortSignal;
}

/** One kind of background job: its queue name, the payload it accepts and the code that runs it. */
export interface JobDefinition<TPayload extends z.ZodType = z.ZodType> {
  name: string;
  payload: TPayload;
  handler: (payload: z.infer<TPayload>, context: JobContext) => Promise<unknown>;
  /** Recurring run; pg-boss keeps the schedule in the database, so it survives restarts and several workers. */
  schedule?: { cron: string; data?: z.infer<TPayload> };
  /** Also run once when the workers start (catches up on what was missed while nothing ran). */
  runAtStart?: boolean;
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  expireInSeconds?: number;
  /**
   * While workers run, one run of this job is queued every `everySeconds` when `when()` says there is work (a
   * singleton per slot across all workers): work a killed worker left is picked up that soon instead of at the
   * next cron minute, and an idle system queues nothing.
   */
  watchdog?: { everySeconds: number; when: () => Promise<boolean> };
  /** How many jobs of this kind one worker process runs at a time. */
  concurrency?: number;
}

export function defineJob<TPayload extends z.ZodType>(
  definition: JobDefinition<TPayload>,
): JobDefinition<TPayload> {
  return definition;
}

/** A payload that does not match its schema is a bug in the sender: the job fails once and is not retried. */
export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, issues: string) {
    super(`Job "${jobName}" received an invalid payload: ${issues}`);
    this.name = 'InvalidJobPayloadError';
  }
}
