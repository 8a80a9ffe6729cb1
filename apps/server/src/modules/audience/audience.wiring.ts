import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AccountRepository } from '../account/index.ts';
import type { ChainService } from '../chain/index.ts';
import type { TokenService } from '../tokens/index.ts';
import type { GoodsAndCampaigns } from '../goods-campaigns/index.ts';
import { NotificationRepository } from '../notifications/index.ts';
import { NotificationService } from '../notifications/index.ts';
import { NotificationHub } from '../notifications/index.ts';
import { WatchlistRepository } from '../watchlist/index.ts';
import { WatchlistService } from '../watchlist/index.ts';
import { LikeRepository } from '../likes/index.ts';
import { LikeService } from '../likes/index.ts';
import { StreamerRepository } from '../streamers/index.ts';
import { StreamerService } from '../streamers/index.ts';
import { CollectionRepository } from '../collection/index.ts';
import { CollectionService } from '../collection/index.ts';
import { CollectionPageService } from '../collection/index.ts';
import { StreamerPageService } from '../streamers/index.ts';

/**
 * The wiring of the audience side and the social layer (issue [Audience]): notifications (and their live
 * hub), watchlist, likes, streamers and follows, collections. container.ts spreads these into its lists.
 */
export function wireAudience(options: {
  database: Database;
  log: Logger;
  storage: FileStorage;
  goods: GoodsAndCampaigns;
  accounts: AccountRepository;
  tokens: TokenService;
  chain: ChainService;
  publicOrigin: string;
  publicReadCacheMs: number;
}) {
  const { database, log, storage, goods, accounts } = options;
  const { db } = database;
  const repositories = {
    notifications: new NotificationRepository(db),
    watchlist: new WatchlistRepository(db),
    likes: new LikeRepository(db),
    streamers: new StreamerRepository(db),
    collection: new CollectionRepository(db),
  };
  const notifications = new NotificationService(repositories.notifications);
  const services = {
    notifications,
    notificationHub: new NotificationHub(database, (userId) => notifications.unreadCount(userId), log),
    watchlist: new WatchlistService(
      repositories.watchlist,
      goods.repositories.campaigns,
      accounts,
      (userId) => goods.services.campaignReads.watchChanged(userId),
    ),
    likes: new LikeService(
      repositories.likes,
      goods.repositories.campaigns,
      goods.repositories.digitalGoods,
      accounts,
    ),
    streamers: new StreamerService(
      repositories.streamers,
      goods.services.campaigns,
      goods.repositories.assets,
      storage,
    ),
    collection: new CollectionService(
      repositories.collection,
      goods.repositories.assets,
      storage,
      options.tokens,
      options.chain,
      options.publicReadCacheMs,
    ),
  };
  const pageOptions = { publicOrigin: options.publicOrigin };
  const pages = {
    streamerPages: new StreamerPageService(services.streamers, goods.services.ogImages, pageOptions),
    collectionPages: new CollectionPageService(services.collection, goods.services.ogImages, pageOptions),
  };
  return { repositories, services: { ...services, ...pages } };
}

export type Audience = ReturnType<typeof wireAudience>;
