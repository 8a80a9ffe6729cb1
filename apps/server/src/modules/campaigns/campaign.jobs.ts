import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { CampaignRepository } from './campaign.repository.ts';

export const AdvanceStatusPayload = z.object({
  /** ISO time to advance against; defaults to now (tests pass one). */
  now: z.iso.datetime().optional(),
});

/**
 * Moves the stored status of campaigns along by time (scheduled → live → ended): every minute, and once when the
 * workers start for what was missed. Reads never write: they compute the status as of now, so a campaign is
 * shown live at its start (or at once when its start is moved to now) whether or not this has run yet.
 */
export function campaignStatusJob(campaigns: CampaignRepository, cron: string) {
  return defineJob({
    name: 'campaigns.advance-status',
    payload: AdvanceStatusPayload,
    schedule: { cron, data: {} },
    runAtStart: true,
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    expireInSeconds: 120,
    async handler(payload, { log }) {
      const changed = await campaigns.advanceStatuses(payload.now ? new Date(payload.now) : new Date());
      if (changed > 0) log.info({ changed }, 'campaign statuses advanced');
      return { changed };
    },
  });
}
