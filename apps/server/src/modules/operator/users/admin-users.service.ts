import { ADMIN_USER_LIMITS, type AdminUser, type AdminUserDetail } from '@hanabi/api';
import { businessRule, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.ts';
import { toAdminUser, toAdminUserDetail } from './admin-users.mapper.ts';
import type { AdminUserFilter, AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

const missing = () => notFound('userNotFound', 'There is no such user.');

/** The operator's user tools: find, look at, grant/revoke operator, suspend/unsuspend. */
export class AdminUsersService {
  constructor(private readonly users: AdminUsersRepository) {}

  async list(
    filter: Omit<AdminUserFilter, 'after'>,
    cursor?: string,
  ): Promise<{ list: AdminUser[]; nextCursor: string | null }> {
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await this.users.list({
      ...filter,
      limit: filter.limit + 1,
      ...(after ? { after: { createdAtKey: String(after.sortValue), id: after.id } } : {}),
    });
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    return {
      list: page.map(toAdminUser),
      nextCursor: rows.length > filter.limit && last ? encodeCursor(last.createdAtKey, last.id) : null,
    };
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const row = await this.require(id);
    const limit = ADMIN_USER_LIMITS.detailItems;
    const [campaigns, goods, deliveries] = await Promise.all([
      this.users.campaignsOf(id, limit),
      this.users.goodsOf(id, limit),
      this.users.deliveriesTo(id, limit),
    ]);
    return toAdminUserDetail(row, campaigns, goods, deliveries);
  }

  /** An operator never changes their own role: the last operator cannot lock everyone out by mistake. */
  async setRole(id: string, role: 'user' | 'operator', actingUserId: string): Promise<AdminUser> {
    if (id === actingUserId)
      throw businessRule('ownRoleUnchangeable', 'You cannot change your own operator role.');
    await this.require(id);
    await this.users.update(id, { role });
    return toAdminUser(await this.require(id));
  }

  /** Suspending keeps the first suspension time when repeated; an operator never suspends themself. */
  async setSuspended(id: string, suspended: boolean, actingUserId: string): Promise<AdminUser> {
    if (id === actingUserId) throw businessRule('cannotSuspendSelf', 'You cannot suspend yourself.');
    const row = await this.require(id);
    if (suspended !== (row.suspendedAt !== null)) {
      await this.users.update(id, { suspendedAt: suspended ? new Date() : null });
    }
    return toAdminUser(await this.require(id));
  }

  private async require(id: string): Promise<AdminUserRow> {
    const row = await this.users.find(id);
    if (!row) throw missing();
    return row;
  }
}
