import { Campaign, CampaignList, type CampaignListQuery } from '@hanabi/api';
import type { CacheBus } from '../../db/cache-bus.ts';
import { etagOf, ReadCache, type CachedRead } from '../../http/read-cache.ts';
import type { SessionUser } from '../../http/session.ts';
import type { CampaignRepository } from './campaign.repository.ts';
import type { CampaignService } from './campaign.service.ts';

/** The names of the campaign caches on the bus (`CacheBus`). */
export const CAMPAIGN_CACHE = 'campaign';
export const CAMPAIGN_LIST_CACHE = 'campaignList';
/** Per viewer: the ids of the campaigns they watch (dropped by their watch and unwatch). */
export const WATCHED_CAMPAIGNS_CACHE = 'watchedCampaigns';

/** A body ready to send: JSON text and its ETag; `shared` false when it was merged for one signed-in viewer. */
export interface ReadyBody {
  json: string;
  etag: string;
  shared: boolean;
}

/** The next moment a campaign's status changes by time (start or end), or null. */
function nextChange(campaign: Campaign, now: number): number | null {
  const times = [Date.parse(campaign.startsAt), Date.parse(campaign.endsAt)].filter((at) => at > now);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * The public reads of campaigns (detail, public lists) served from an in-process cache, so a burst of viewers
 * costs one query set per campaign and change. Everyone gets the same body (what a signed-out visitor sees);
 * a signed-in viewer's `isWatch` is merged in with one small query. Entries live a few seconds (so changes not
 * invalidated — a streamer's profile, a prize's picture, a suspension — show within that), end at the
 * campaign's next status change by time, and are dropped on every campaign write here and, through the bus,
 * in every other process.
 */
export class CampaignReads {
  readonly detail: ReadCache<Campaign>;
  readonly lists: ReadCache<CampaignList>;
  /**
   * A signed-in viewer's watched campaign ids, so their reads are answered from memory too (a query per read
   * was most of a signed-in read's cost, decision 0105). Their watch and unwatch drop it in every process.
   */
  readonly watched: ReadCache<string[]>;

  constructor(
    private readonly campaigns: CampaignService,
    private readonly rows: CampaignRepository,
    private readonly bus: CacheBus | null,
    options: { ttlMs: number; clock?: () => number },
  ) {
    const clock = options.clock ?? Date.now;
    this.detail = new ReadCache<Campaign>(CAMPAIGN_CACHE, {
      ttlMs: options.ttlMs,
      maxEntries: 5000,
      clock,
      expiry: (campaign) => nextChange(campaign, clock()),
    });
    this.lists = new ReadCache<CampaignList>(CAMPAIGN_LIST_CACHE, {
      ttlMs: options.ttlMs,
      maxEntries: 1000,
      clock,
      expiry: (page) => {
        const changes = page.list
          .map((campaign) => nextChange(campaign, clock()))
          .filter((at) => at !== null);
        return changes.length > 0 ? Math.min(...changes) : null;
      },
    });
    this.watched = new ReadCache<string[]>(WATCHED_CAMPAIGNS_CACHE, {
      ttlMs: options.ttlMs,
      maxEntries: 10_000,
      clock,
    });
  }

  /** Joins the cross-process invalidation (call once at start). */
  async attach(): Promise<void> {
    await this.bus?.attach(this.detail);
    await this.bus?.attach(this.lists);
    await this.bus?.attach(this.watched);
  }

  /** After a viewer watched or unwatched a campaign: their watched ids are read again, in every process. */
  async watchChanged(userId: string): Promise<void> {
    if (!this.bus) {
      this.watched.invalidate(userId);
      return;
    }
    await this.bus.publish(WATCHED_CAMPAIGNS_CACHE, userId);
  }

  /** The public campaign as the viewer sees it, or null when it is not public (the caller decides then). */
  async publicDetail(session: SessionUser | null, id: string): Promise<ReadyBody | null> {
    // Shaped by the contract's schema once per load; every answer from the entry reuses that JSON.
    const entry = await this.detail.get(id, async () => {
      const campaign = await this.campaigns.findPublicCampaign(id);
      return campaign && Campaign.parse(campaign);
    });
    if (!entry.value) return null;
    return this.forViewer(session, entry as CachedRead<Campaign>, (campaign, watched) => ({
      ...campaign,
      isWatch: watched.has(campaign.id),
    }));
  }

  /** Whether the list query is one everybody gets the same answer to (public campaigns, no "followed"). */
  static isPublicList(query: CampaignListQuery): boolean {
    return query.type === 'audience' && !query.followed && !query.watched;
  }

  async publicList(session: SessionUser | null, query: CampaignListQuery): Promise<ReadyBody> {
    const entry = await this.lists.get(JSON.stringify(query), async () =>
      CampaignList.parse(await this.campaigns.list(null, query)),
    );
    return this.forViewer(session, entry as CachedRead<CampaignList>, (page, watched) => ({
      ...page,
      list: page.list.map((campaign) => ({ ...campaign, isWatch: watched.has(campaign.id) })),
    }));
  }

  /** After any write of a campaign: gone from every process's caches. */
  async changed(id: string): Promise<void> {
    if (!this.bus) {
      this.detail.invalidate(id);
      this.lists.clear();
      return;
    }
    await this.bus.publish(CAMPAIGN_CACHE, id);
    await this.bus.publish(CAMPAIGN_LIST_CACHE);
  }

  private async forViewer<V extends Campaign | CampaignList>(
    session: SessionUser | null,
    entry: CachedRead<V>,
    merge: (value: V, watched: Set<string>) => V,
  ): Promise<ReadyBody> {
    if (!session?.userId) return { json: entry.json, etag: entry.etag, shared: true };
    const ids = 'list' in entry.value ? entry.value.list.map((item) => item.id) : [entry.value.id];
    const { userId } = session;
    const all = new Set(
      (await this.watched.get(userId, () => this.rows.watchedCampaignIds(userId))).value ?? [],
    );
    const watched = new Set(ids.filter((id) => all.has(id)));
    if (watched.size === 0) return { json: entry.json, etag: entry.etag, shared: false };
    const json = JSON.stringify(merge(entry.value, watched));
    return { json, etag: etagOf(json), shared: false };
  }
}
