import type { Db } from '../../db/client.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CampaignRepository } from '../campaigns/index.ts';
import { WatchlistRepository } from './watchlist.repository.ts';
import { WatchlistService } from './watchlist.service.ts';

/** Watch and unwatch campaigns; `changed` is told after each (the campaign reads' per-viewer cache). */
export function wireWatchlist(ports: {
  db: Db;
  campaigns: CampaignRepository;
  accounts: AccountRepository;
  changed: (userId: string) => Promise<void>;
}) {
  const watchlist = new WatchlistRepository(ports.db);
  return {
    repositories: { watchlist },
    services: { watchlist: new WatchlistService(watchlist, ports.campaigns, ports.accounts, ports.changed) },
  };
}
