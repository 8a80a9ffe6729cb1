import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { UserRole, UserTypeSchema } from './account.routes.ts';
import { CampaignStatus } from './campaign.routes.ts';
import { LIVE_PLATFORMS, LivePlatformSchema } from '../live-platform.ts';
import { DigitalGoodsStatus } from './digital-goods.routes.ts';
import { DeliveryStatus } from './delivery.routes.ts';

/**
 * The operator's user tools (docs/original-spec.md §7: `GET /api/admin/user`): search and filter every user, look at
 * one with what they made and received, grant or revoke the operator role, suspend or unsuspend. Suspended
 * users cannot use a signed-in call (403 `ACCOUNT_SUSPENDED`) and their campaigns leave every public list.
 */

export const ADMIN_USER_LIMITS = { searchMax: 100, defaultPageSize: 50, maxPageSize: 200, detailItems: 50 };

/** `true`/`false` in a query string. */
const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const AdminUserListQuery = z.object({
  /** Part of the name, e-mail, wallet address, or a YouTube channel / TwitCasting user or screen id. */
  q: text().trim().max(ADMIN_USER_LIMITS.searchMax).optional(),
  type: UserTypeSchema.optional(),
  role: UserRole.optional(),
  /** Has linked this platform; `none`: has linked neither. */
  platform: z.enum([...LIVE_PLATFORMS, 'none']).optional(),
  hasWallet: QueryFlag.optional(),
  suspended: QueryFlag.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USER_LIMITS.maxPageSize)
    .default(ADMIN_USER_LIMITS.defaultPageSize),
  /** `nextCursor` of the previous page (same filters). */
  cursor: text().max(500).optional(),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuery>;

/** A user as operators see them (more than the public summary, never secrets). */
export const AdminUser = z.object({
  id: z.string(),
  type: UserTypeSchema,
  role: UserRole,
  name: z.string(),
  avatarUrl: z.string(),
  /** The sign-in e-mail; null when the identity has none. */
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  youtubeChannelId: z.string().nullable(),
  youtubeTitle: z.string().nullable(),
  twitcastingUserId: z.string().nullable(),
  twitcastingScreenId: z.string().nullable(),
  twitcastingName: z.string().nullable(),
  /** Null unless suspended. */
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ list: z.array(AdminUser), nextCursor: z.string().nullable() });

export const AdminUserIdParams = z.object({ id: entityId() });

/** One user's campaigns, goods and the deliveries they received, newest first (at most `detailItems` each). */
export const AdminUserDetail = z.object({
  user: AdminUser.extend({ bio: z.string(), locale: z.enum(['ja', 'en']) }),
  campaigns: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: CampaignStatus,
        platforms: z.array(LivePlatformSchema),
        startsAt: z.string(),
        endsAt: z.string(),
      }),
    ),
  }),
  goods: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: DigitalGoodsStatus,
        supply: z.number().int(),
        tokenId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
  deliveries: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        id: z.string(),
        status: DeliveryStatus,
        source: z.enum(['draw', 'manual', 'admin']),
        tokenId: z.string(),
        amount: z.string(),
        recipientAddress: z.string(),
        campaignId: z.string().nullable(),
        txHash: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const SetUserRoleBody = z.object({ role: UserRole });
export const SetUserSuspensionBody = z.object({ suspended: z.boolean() });

export const adminUserRoutes = {
  adminListUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/user',
    access: 'operator',
    summary: 'Users, newest first: search (name, e-mail, wallet, platform ids), filters, cursor paging',
    query: AdminUserListQuery,
    response: AdminUserList,
  }),
  adminGetUser: defineRoute({
    method: 'GET',
    path: '/api/admin/user/:id',
    access: 'operator',
    summary: 'One user with their campaigns, goods and the deliveries they received',
    params: AdminUserIdParams,
    response: AdminUserDetail,
  }),
  adminSetUserRole: defineRoute({
    method: 'PUT',
    path: '/api/admin/user/:id/role',
    access: 'operator',
    summary: 'Grant (operator) or revoke (user) the operator role; never your own (422)',
    params: AdminUserIdParams,
    body: SetUserRoleBody,
    response: AdminUser,
  }),
  adminSetUserSuspension: defineRoute({
    method: 'PUT',
    path: '/api/admin/user/:id/suspension',
    access: 'operator',
    summary: 'Suspend or unsuspend a user; never yourself (422)',
    params: AdminUserIdParams,
    body: SetUserSuspensionBody,
    response: AdminUser,
  }),
};
