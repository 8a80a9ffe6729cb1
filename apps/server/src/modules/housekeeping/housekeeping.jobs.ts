import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';

export const HousekeepingPayload = z.object({
  /** ISO time to prune against; defaults to now. Tests pass a time to make the run deterministic. */
  now: z.iso.datetime().optional(),
});

/** Periodic pruning of expired rows. Later features add their own expired rows here. */
export function housekeepingJob(repository: HousekeepingRepository, cron: string) {
  return defineJob({
    name: 'housekeeping.prune',
    payload: HousekeepingPayload,
    schedule: { cron, data: {} },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    async handler(payload, { log }) {
      const now = payload.now ? new Date(payload.now) : new Date();
      const idempotencyRecords = await repository.deleteExpiredIdempotencyRecords(now);
      const auth = await repository.deleteExpiredAuthRows(now);
      const chatComments = await repository.deleteUnreadChatComments();
      const result = {
        idempotencyRecords,
        authVerifications: auth.verifications,
        authSessions: auth.sessions,
        chatComments,
      };
      log.info(result, 'housekeeping pruned expired rows');
      return result;
    },
  });
}
