import type { WatchState } from '@hanabi/api';
import { campaignNotFound, forbidden } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CampaignRepository } from '../campaigns/index.ts';
import type { WatchlistRepository } from './watchlist.repository.ts';

/**
 * The audience member's watchlist. Only ever your own (the user id in the path is the original's; anyone
 * else's answers 403). Watching tells you (`watchlistRegistered`) and the streamer (`watchlistIncreased`).
 */
export class WatchlistService {
  constructor(
    private readonly watchlist: WatchlistRepository,
    private readonly campaigns: CampaignRepository,
    private readonly accounts: AccountRepository,
    /** Told after a watch or unwatch (the campaign reads' per-viewer cache of watched ids). */
    private readonly changed: (userId: string) => Promise<void> = async () => undefined,
  ) {}

  async add(session: SessionUser, userId: string, campaignId: string): Promise<WatchState> {
    this.requireSelf(session, userId);
    const found = await this.campaigns.findWithStreamer(campaignId);
    if (!found || found.campaign.status === 'draft' || found.streamer.suspendedAt) {
      throw campaignNotFound();
    }
    const viewer = await this.accounts.findById(userId);
    const { campaign } = found;
    const link = { href: `/campaign/${campaign.id}`, hrefId: campaign.id };
    const { watchCount } = await this.watchlist.add(userId, campaign.id, (count) => [
      {
        userId,
        type: 'watchlistRegistered',
        params: { campaignTitle: campaign.title } as Record<string, string | number>,
        ...link,
      },
      {
        userId: campaign.streamerId,
        type: 'watchlistIncreased',
        params: { campaignTitle: campaign.title, userName: viewer?.name ?? '', watchCount: count },
        ...link,
      },
    ]);
    await this.changed(userId);
    return { campaignId: campaign.id, isWatch: true, watchCount };
  }

  async remove(session: SessionUser, userId: string, campaignId: string): Promise<WatchState> {
    this.requireSelf(session, userId);
    const watchCount = await this.watchlist.remove(userId, campaignId);
    await this.changed(userId);
    return { campaignId, isWatch: false, watchCount };
  }

  private requireSelf(session: SessionUser, userId: string): void {
    if (session.userId !== userId)
      throw forbidden('notYourWatchlist', 'You can only change your own watchlist.');
  }
}
