import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../../http/register-route.ts';
import { requireSession } from '../../../http/session.ts';
import type { AdminUsersService } from './admin-users.service.ts';

/** `/api/admin/user…`: the operator's user tools. */
export function registerAdminUserRoutes(app: FastifyInstance, users: AdminUsersService): void {
  registerRoute(app, apiRoutes.adminListUsers, ({ query }) => {
    const { cursor, q, ...filter } = query;
    return users.list({ ...filter, ...(q ? { text: q } : {}) }, cursor);
  });

  registerRoute(app, apiRoutes.adminGetUser, ({ params }) => users.detail(params.id));

  registerRoute(app, apiRoutes.adminSetUserRole, ({ params, body, session }) =>
    users.setRole(params.id, body.role, requireSession(session).userId!),
  );

  registerRoute(app, apiRoutes.adminSetUserSuspension, ({ params, body, session }) =>
    users.setSuspended(params.id, body.suspended, requireSession(session).userId!),
  );
}
