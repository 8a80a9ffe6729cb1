import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AccountRepository } from '../account/index.ts';
import type { ChainService } from '../chain/index.ts';
import type { TokenService } from '../tokens/index.ts';
import type { GoodsAndCampaigns } from '../goods-campaigns/index.ts';
import { wireNotifications } from '../notifications/index.ts';
import { wireWatchlist } from '../watchlist/index.ts';
import { wireLikes } from '../likes/index.ts';
import { wireStreamers } from '../streamers/index.ts';
import { wireCollection } from '../collection/index.ts';

/**
 * The audience side and the social layer (issue [Audience]) composed from its modules' wire functions:
 * notifications (and their live hub and e-mail twins), watchlist, likes, streamers and follows, collections.
 */
export function wireAudience(ports: {
  database: Database;
  log: Logger;
  queue: JobQueue;
  mailer: Mailer;
  storage: FileStorage;
  goods: GoodsAndCampaigns;
  accounts: AccountRepository;
  tokens: TokenService;
  chain: ChainService;
  publicOrigin: string;
  publicReadCacheMs: number;
  authSecret: string;
}) {
  const { database, storage, goods, accounts, publicOrigin } = ports;
  const { db } = database;
  const { campaigns, digitalGoods, assets } = goods.repositories;
  const { ogImages } = goods.services;
  const notifications = wireNotifications(ports);
  const watchlist = wireWatchlist({
    db,
    campaigns,
    accounts,
    changed: (userId) => goods.services.campaignReads.watchChanged(userId),
  });
  const likes = wireLikes({ db, campaigns, goods: digitalGoods, accounts });
  const streamers = wireStreamers({
    db,
    storage,
    campaigns: goods.services.campaigns,
    assets,
    ogImages,
    publicOrigin,
  });
  const collection = wireCollection({
    db,
    storage,
    assets,
    wallets: ports.tokens,
    contract: ports.chain,
    ogImages,
    publicOrigin,
    holdingsMs: ports.publicReadCacheMs,
  });
  return {
    repositories: {
      ...notifications.repositories,
      ...watchlist.repositories,
      ...likes.repositories,
      ...streamers.repositories,
      ...collection.repositories,
    },
    services: {
      ...notifications.services,
      ...watchlist.services,
      ...likes.services,
      ...streamers.services,
      ...collection.services,
    },
    jobs: [...notifications.jobs],
  };
}

export type Audience = ReturnType<typeof wireAudience>;
