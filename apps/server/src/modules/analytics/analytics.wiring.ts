import type { Db } from '../../db/client.ts';
import { analyticsSummaryJob } from './analytics-summary.jobs.ts';
import { AnalyticsRepository } from './analytics.repository.ts';
import { AnalyticsService } from './analytics.service.ts';

/** The operator dashboard's figures and the job that keeps their live summary. */
export function wireAnalytics(ports: { db: Db }) {
  const analytics = new AnalyticsRepository(ports.db);
  return {
    repositories: { analytics },
    services: { analytics: new AnalyticsService(analytics) },
    jobs: [analyticsSummaryJob(analytics.summary)],
  };
}
