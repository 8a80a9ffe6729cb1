import type { Db } from '../../db/client.ts';
import { AdminUsersRepository } from './users/admin-users.repository.ts';
import { AdminUsersService } from './users/admin-users.service.ts';
import { wireAnalytics } from '../analytics/index.ts';
import { wireNews } from '../news/index.ts';

/**
 * The operator area (issue [Operator]): its user tools, composed with the analytics dashboard and news, which
 * stay modules of their own (news is public too).
 */
export function wireOperator(ports: { db: Db }) {
  const adminUsers = new AdminUsersRepository(ports.db);
  const analytics = wireAnalytics(ports);
  const news = wireNews(ports);
  return {
    repositories: { adminUsers, ...analytics.repositories, ...news.repositories },
    services: { adminUsers: new AdminUsersService(adminUsers), ...analytics.services, ...news.services },
    jobs: [...analytics.jobs],
  };
}

export type OperatorArea = ReturnType<typeof wireOperator>;
