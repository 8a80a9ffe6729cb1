import type { AdminUser, AdminUserDetail } from '@hanabi/api';
import { isPlaceholderEmail } from '../../../adapters/oauth/index.ts';
import { profileFieldsOf } from '../../platform-identities/index.ts';
import type { AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

type CampaignPage = Awaited<ReturnType<AdminUsersRepository['campaignsOf']>>;
type GoodsPage = Awaited<ReturnType<AdminUsersRepository['goodsOf']>>;
type DeliveryPage = Awaited<ReturnType<AdminUsersRepository['deliveriesTo']>>;

/** The contract's platform fields operators see (no images). */
function linkedFields(row: AdminUserRow) {
  const fields = profileFieldsOf(row.identities);
  return {
    youtubeChannelId: fields.youtubeChannelId,
    youtubeTitle: fields.youtubeTitle,
    twitcastingUserId: fields.twitcastingUserId,
    twitcastingScreenId: fields.twitcastingScreenId,
    twitcastingName: fields.twitcastingName,
  };
}

/** The one place a user row becomes what operators see (no auth ids, no secrets). */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    type: row.type,
    role: row.role,
    name: row.name,
    avatarUrl: row.avatarUrl,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    walletAddress: row.walletAddress,
    ...linkedFields(row),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminUserDetail(
  row: AdminUserRow,
  campaigns: CampaignPage,
  goods: GoodsPage,
  deliveries: DeliveryPage,
): AdminUserDetail {
  return {
    user: { ...toAdminUser(row), bio: row.bio, locale: row.locale },
    campaigns: {
      total: campaigns.total,
      list: campaigns.list.map((item) => ({
        id: item.id,
        title: item.title,
        status: item.status,
        platforms: item.platforms as AdminUserDetail['campaigns']['list'][number]['platforms'],
        startsAt: item.startsAt.toISOString(),
        endsAt: item.endsAt.toISOString(),
      })),
    },
    goods: {
      total: goods.total,
      list: goods.list.map((item) => ({
        id: item.id,
        name: item.name,
        status: item.status,
        supply: item.supply,
        tokenId: item.tokenId,
        createdAt: item.createdAt.toISOString(),
      })),
    },
    deliveries: {
      total: deliveries.total,
      list: deliveries.list.map((item) => ({
        id: item.id,
        status: item.status,
        source: item.source,
        tokenId: item.tokenId,
        amount: item.amount,
        recipientAddress: item.recipientAddress,
        campaignId: item.campaignId,
        txHash: item.txHash,
        createdAt: item.createdAt.toISOString(),
      })),
    },
  };
}
