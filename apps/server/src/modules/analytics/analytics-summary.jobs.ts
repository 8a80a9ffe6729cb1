import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { AnalyticsSummaryRepository } from './analytics-summary.repository.ts';

/**
 * Every five minutes: the dashboard reads the base tables for campaigns touched since the last run, so a run
 * only has to keep that set small; a missed run costs speed, never correctness.
 */
const EVERY_FIVE_MINUTES = '*/5 * * * *';

/** Keeps `analytics_live_quarter` current (decision 0024): recomputes only the campaigns touched since last run. */
export function analyticsSummaryJob(summary: AnalyticsSummaryRepository) {
  return defineJob({
    name: 'analytics.refresh-summary',
    payload: z.object({}),
    schedule: { cron: EVERY_FIVE_MINUTES, data: {} },
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    async handler(_payload, { log }) {
      const result = await summary.refresh();
      log.info(result, 'analytics summary refreshed');
      return result;
    },
  });
}
