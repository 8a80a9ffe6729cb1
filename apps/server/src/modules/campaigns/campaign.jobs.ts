import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { CampaignRepository } from './campaign.repository.ts';

export const AdvanceStatusPayload = z.object({
  /** ISO time to advance against; defaults to now (tests pass one). */
  now: z.iso.datetime().optional(),
});

/** Moves campaigns along by time (scheduled → live → ended); reads do the same, so this keeps lists warm. */
export function campaignStatusJob(campaigns: CampaignRepository, cron: string) {
  return defineJob({
    name: 'campaigns.advance-status',
    payload: AdvanceStatusPayload,
    schedule: { cron, data: {} },
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    expireInSeconds: 120,
    async handler(payload, { log }) {
      const changed = await campaigns.advanceStatuses(payload.now ? new Date(payload.now) : new Date());
      if (changed > 0) log.info({ changed }, 'campaign statuses advanced');
      return { changed };
    },
  });
}
