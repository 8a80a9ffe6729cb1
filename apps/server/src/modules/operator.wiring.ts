import type { Db } from '../db/client.ts';
import { AdminUsersRepository } from './admin-users/admin-users.repository.ts';
import { AdminUsersService } from './admin-users/admin-users.service.ts';
import { AnalyticsRepository } from './analytics/analytics.repository.ts';
import { AnalyticsService } from './analytics/analytics.service.ts';
import { NewsRepository } from './news/news.repository.ts';
import { NewsService } from './news/news.service.ts';

/**
 * The wiring of the operator area (issue [Operator]): users, the analytics dashboard and news.
 * container.ts spreads these into its own lists.
 */
export function wireOperator(db: Db) {
  const repositories = {
    adminUsers: new AdminUsersRepository(db),
    analytics: new AnalyticsRepository(db),
    news: new NewsRepository(db),
  };
  const services = {
    adminUsers: new AdminUsersService(repositories.adminUsers),
    analytics: new AnalyticsService(repositories.analytics),
    news: new NewsService(repositories.news),
  };
  return { repositories, services };
}

export type OperatorArea = ReturnType<typeof wireOperator>;
