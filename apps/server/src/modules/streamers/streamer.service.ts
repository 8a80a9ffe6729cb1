import type {
  FollowState,
  PlatformLink,
  PublicUser,
  StreamerCard,
  StreamerList,
  StreamerListQuery,
  StreamerProfile,
  UserSearchQuery,
  UserSearchResult,
} from '@hanabi/api';
import { STREAMER_LIMITS } from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { toUserSummary } from '../account/index.ts';
import { profileFieldsOf, profileLinksOf } from '../platform-identities/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import { assetRefOf } from '../digital-goods/index.ts';
import type { AssetRepository } from '../uploads/index.ts';
import type { StreamerRepository, StreamerWithCounts, UserRow } from './streamer.repository.ts';

function toCard(row: StreamerWithCounts, isFollowing: boolean): StreamerCard {
  return {
    ...toUserSummary(row.user),
    bio: row.user.bio,
    followerCount: row.followers,
    activeCampaignCount: row.active,
    isFollowing,
  };
}

function linksOf(user: UserRow): PlatformLink[] {
  return profileLinksOf(user.identities);
}

function toPublicUser(user: UserRow): PublicUser {
  return {
    ...toUserSummary(user),
    type: user.type,
    twitcastingUserId: profileFieldsOf(user.identities).twitcastingUserId,
    hasWallet: user.walletAddress !== null,
  };
}

/** The streamer directory and profiles, follows, and the people search of manual distribution. */
export class StreamerService {
  constructor(
    private readonly streamers: StreamerRepository,
    private readonly campaigns: CampaignService,
    private readonly assets: AssetRepository,
    private readonly storage: FileStorage,
  ) {}

  async list(session: SessionUser | null, query: StreamerListQuery): Promise<StreamerList> {
    if (query.following && !session?.userId) throw unauthenticated();
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.streamers.list({
      ...(query.q ? { text: query.q } : {}),
      ...(query.following ? { followedBy: session!.userId! } : {}),
      sort: query.sort,
      limit: query.limit + 1,
      ...(after ? { after: { value: after.sortValue, id: after.id } } : {}),
    });
    const page = rows.slice(0, query.limit);
    const followed = session?.userId
      ? await this.streamers.followedIds(
          session.userId,
          page.map((row) => row.user.id),
        )
      : new Set<string>();
    const last = page.at(-1);
    const sortValue =
      query.sort === 'newest'
        ? last?.createdKey
        : query.sort === 'followers'
          ? last?.followers
          : last?.active;
    return {
      list: page.map((row) => toCard(row, followed.has(row.user.id))),
      nextCursor:
        rows.length > query.limit && last && sortValue !== undefined
          ? encodeCursor(sortValue, last.user.id)
          : null,
    };
  }

  async get(session: SessionUser | null, id: string): Promise<StreamerProfile> {
    const row = await this.requireStreamer(id);
    const [followed, campaigns, goods] = await Promise.all([
      session?.userId ? this.streamers.followedIds(session.userId, [id]) : Promise.resolve(new Set<string>()),
      this.campaigns.list(session, {
        type: 'audience',
        streamerId: id,
        sort: 'newest',
        limit: STREAMER_LIMITS.profileListMax,
      }),
      this.streamers.publishedGoods(id, STREAMER_LIMITS.profileListMax),
    ]);
    const assetRows = await this.assets.findByIds(
      goods
        .flatMap((item) => [item.imageAssetId, item.animationAssetId])
        .filter((v): v is string => v !== null),
    );
    const assets = new Map(assetRows.map((asset) => [asset.id, asset]));
    return {
      streamer: toCard(row, followed.has(id)),
      links: linksOf(row.user),
      campaigns: campaigns.list,
      goods: goods.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        image: assetRefOf(item.imageAssetId, assets, this.storage),
        animation: assetRefOf(item.animationAssetId, assets, this.storage),
        supply: item.supply,
        status: item.status,
        tokenId: item.tokenId,
      })),
    };
  }

  async follow(session: SessionUser, id: string): Promise<FollowState> {
    await this.requireStreamer(id);
    await this.streamers.follow(session.userId!, id);
    return { streamerId: id, isFollowing: true, followerCount: await this.streamers.followerCount(id) };
  }

  async unfollow(session: SessionUser, id: string): Promise<FollowState> {
    await this.requireStreamer(id);
    await this.streamers.unfollow(session.userId!, id);
    return { streamerId: id, isFollowing: false, followerCount: await this.streamers.followerCount(id) };
  }

  /** Streamers look up recipients for manual distribution; operators look up anyone. */
  async searchUsers(session: SessionUser, query: UserSearchQuery): Promise<UserSearchResult> {
    if (session.type !== 'streamer' && session.role !== 'operator') {
      throw forbidden('peopleSearchNotAllowed', 'Only streamers and operators can search people.');
    }
    const rows = await this.streamers.searchUsers(query.q, query.type, query.limit);
    return { list: rows.map(toPublicUser) };
  }

  private async requireStreamer(id: string): Promise<StreamerWithCounts> {
    const row = await this.streamers.findStreamer(id);
    if (!row) throw notFound('streamerNotFound', 'No streamer with this id.');
    return row;
  }
}
