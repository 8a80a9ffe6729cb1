import type { Db } from '../../db/client.ts';
import { AdminUsersRepository } from './users/admin-users.repository.ts';
import { AdminUsersService } from './users/admin-users.service.ts';
import { AnalyticsRepository } from '../analytics/index.ts';
import { AnalyticsService } from '../analytics/index.ts';
import { NewsRepository } from '../news/index.ts';
import { NewsService } from '../news/index.ts';

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
