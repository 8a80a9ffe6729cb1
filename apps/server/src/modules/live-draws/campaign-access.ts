import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaign } from '../../db/schema.ts';
import { campaignNotFound, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { LivePlatform } from '@hanabi/api';

export type CampaignRow = typeof campaign.$inferSelect;

/** Finds a campaign's live stream by its path (live ingestion's stream repository is one; decision 0186). */
export interface LiveStreamLookup {
  find(
    campaignId: string,
    platform: StreamPath['platform'],
    channelId: string,
    broadcastId: string,
  ): Promise<object | null>;
}

export interface StreamPath {
  platform: LivePlatform;
  a: string;
  b: string;
}

/**
 * Streamer routes act on the caller's own campaigns only. Someone else's campaign answers 404 — whether it
 * exists is none of their business (as modules/campaigns does for drafts) — and so does a `{platform}/{a}/{b}`
 * that is not one of the campaign's live streams.
 */
export class CampaignAccess {
  constructor(
    private readonly db: Db,
    private readonly streams: LiveStreamLookup,
  ) {}

  async own(session: SessionUser, campaignId: string): Promise<CampaignRow> {
    const [row] = await this.db.select().from(campaign).where(eq(campaign.id, campaignId));
    if (!row || row.streamerId !== session.userId) throw campaignNotFound();
    return row;
  }

  async ownStream(session: SessionUser, campaignId: string, path: StreamPath): Promise<CampaignRow> {
    const row = await this.own(session, campaignId);
    const stream = await this.streams.find(row.id, path.platform, path.a, path.b);
    if (!stream) throw notFound('liveStreamNotFound', 'This is not a live stream of the campaign.');
    return row;
  }
}
