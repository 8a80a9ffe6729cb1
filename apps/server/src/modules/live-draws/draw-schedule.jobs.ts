import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { DrawScheduleService } from './draw-schedule.service.ts';
import type { DrawEngine } from './draw.engine.ts';

export const DrawScheduleTickPayload = z.object({});

/**
 * Scheduled draws as a minutely pg-boss cron job (the schedule lives in the database, so it survives restarts
 * and several workers): each run finishes interrupted draws and runs the due rounds, each claimed once.
 */
export function drawScheduleJob(
  schedules: () => DrawScheduleService,
): JobDefinition<typeof DrawScheduleTickPayload> {
  return defineJob({
    name: 'draws.schedule',
    payload: DrawScheduleTickPayload,
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 2, delaySeconds: 10, backoff: false },
    expireInSeconds: 600,
    handler: async (_payload, { log }) => {
      const outcome = await schedules().runDue();
      if (outcome.rounds + outcome.resumed > 0) log.info(outcome, 'scheduled draws ran');
      return outcome;
    },
  });
}

export const DrawRecordPayload = z.object({ drawId: z.string() });

/**
 * A drand draw asked of an api process that holds no signer: a worker writes its public record and finishes it
 * (decision 0202). Retried: the registry takes a draw id once, so a second attempt finds the first one's record.
 */
export function drawRecordJob(engine: () => DrawEngine): JobDefinition<typeof DrawRecordPayload> {
  return defineJob({
    name: 'draws.record',
    payload: DrawRecordPayload,
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    expireInSeconds: 300,
    handler: async ({ drawId }) => {
      const row = await engine().resume(drawId);
      return { status: row.status };
    },
  });
}

export const DrawFreezePayload = z.object({ drawId: z.string() });

/** How soon a draw waiting for ingestion to pass its close time is looked at again. */
export const FREEZE_RECHECK_SECONDS = 1;

/**
 * A draw whose freeze waits for every chat of its campaign to be read past T (decision 0204): looked at again
 * every `FREEZE_RECHECK_SECONDS` until the chats caught up or the wait's bound passed, then finished like any
 * draw. Each look that still waits books the next one (`IngestWait.recheck`); the minutely sweep finishes a
 * draw whose chain of looks was lost.
 */
export function drawFreezeJob(engine: () => DrawEngine): JobDefinition<typeof DrawFreezePayload> {
  return defineJob({
    name: 'draws.freeze',
    payload: DrawFreezePayload,
    retry: { limit: 3, delaySeconds: 2, backoff: true },
    expireInSeconds: 300,
    handler: async ({ drawId }) => {
      const row = await engine().resume(drawId);
      return { status: row.status };
    },
  });
}
