// The public face of `modules/admin-users`: what other folders may import from it (decision 0181); the rest is its own.
export { AdminUsersRepository } from './admin-users.repository.ts';
export { registerAdminUserRoutes } from './admin-users.routes.ts';
export { AdminUsersService } from './admin-users.service.ts';
