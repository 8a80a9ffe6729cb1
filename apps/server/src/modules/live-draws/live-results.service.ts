import { and, desc, eq, sql } from 'drizzle-orm';
import { LIVE_LIMITS, type LiveOverview, type LiveResult, type OverlayState } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import {
  appUser,
  asset,
  campaign,
  digitalGoods,
  draw,
  liveStream,
  platformConnection,
} from '../../db/schema.ts';
import { campaignNotFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import { settledStatus } from '../campaigns/index.ts';
import {
  countEntrants,
  entrantsCte,
  recentEntrantNames,
  rowsOf,
  streamSeesComment,
} from '../live-entries/index.ts';
import { toConnection } from '../live-connections/index.ts';
import { toLiveStream } from '../live-ingestion/index.ts';
import { joinLinkedUser } from '../platform-identities/index.ts';
import type { CampaignAccess, CampaignRow } from './campaign-access.ts';
import { toDrawSummary, type DrawsRepository } from './draws.repository.ts';
import { type LivePlatform, LIVE_PLATFORMS } from '@hanabi/api';

/**
 * What a campaign's live side adds up to: the streamer's result page (draws, winners, funnel), the live
 * overview (per platform: connection, stream, counts, quota) and the public OBS overlay. Every count is one SQL
 * statement over the comments; entrants are counted as the draw would (one person once across platforms,
 * cooldown applied), but this campaign's winners still count — they did enter.
 */
export class LiveResultsService {
  constructor(
    private readonly db: Db,
    private readonly access: CampaignAccess,
    private readonly draws: DrawsRepository,
    private readonly storage: FileStorage,
    /** The live platforms' drivers: what a stream shows depends on its platform's (its quota). */
    private readonly platforms: LivePlatformRegistry,
  ) {}

  async result(session: SessionUser, campaignId: string, platform?: LivePlatform): Promise<LiveResult> {
    const owned = await this.access.own(session, campaignId);
    const [draws, winners, funnel] = await Promise.all([
      this.draws.draws(owned.id),
      this.draws.campaignWinners(owned.id, platform),
      this.funnel(owned, platform),
    ]);
    const standing = winners.filter((row) => row.status !== 'excluded');
    return {
      campaignId: owned.id,
      platformType: platform ?? null,
      draws: draws.map(toDrawSummary),
      winners,
      funnel: {
        ...funnel,
        winners: standing.length,
        held: standing.filter((row) => row.status === 'held').length,
        delivered: standing.filter((row) => row.status === 'delivered').length,
      },
    };
  }

  /** comments → distinct commenters → eligible entrants (of the platform's streams, or all). */
  private async funnel(owned: CampaignRow, platform?: LivePlatform) {
    const streams = await this.db
      .select({ id: liveStream.id })
      .from(liveStream)
      .where(
        platform
          ? and(eq(liveStream.campaignId, owned.id), eq(liveStream.platform, platform))
          : eq(liveStream.campaignId, owned.id),
      );
    if (streams.length === 0) return { comments: 0, entrants: 0, eligible: 0 };
    const ids = streams.map((row) => row.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const scope = { at: new Date(), excludeCampaignWinners: false, liveStreamIds: ids };
    const [totals, eligible] = await Promise.all([
      this.db.execute(sql`
        select count(*)::int as comments,
          count(distinct coalesce('user:' || linked.user_id, s.platform || ':' || c.author_platform_id))::int
            as entrants
        from live_comment c
        join live_stream s on ${streamSeesComment('s', 'c')}
        ${joinLinkedUser('linked', sql`s.platform`, sql`c.author_platform_id`)}
        where s.id in (${idList})`),
      this.db.execute(sql`${entrantsCte(owned, scope)} select count(*)::int as count from entrants`),
    ]);
    const total = rowsOf<{ comments: number; entrants: number }>(totals)[0]!;
    return {
      comments: Number(total.comments),
      entrants: Number(total.entrants),
      eligible: Number(rowsOf<{ count: number }>(eligible)[0]?.count ?? 0),
    };
  }

  async overview(session: SessionUser, campaignId: string): Promise<LiveOverview> {
    const owned = await this.access.own(session, campaignId);
    const [streams, connections, commentCounts, entrants] = await Promise.all([
      this.db
        .select()
        .from(liveStream)
        .where(eq(liveStream.campaignId, owned.id))
        .orderBy(desc(liveStream.createdAt)),
      this.db.select().from(platformConnection).where(eq(platformConnection.userId, owned.streamerId)),
      this.db.execute(sql`
        select s.id, count(c.id)::int as count from live_stream s
        left join live_comment c on ${streamSeesComment('s', 'c')}
        where s.campaign_id = ${owned.id} group by s.id`),
      countEntrants(this.db, owned, new Date()),
    ]);
    const comments = new Map(
      rowsOf<{ id: string; count: number }>(commentCounts).map((row) => [row.id, Number(row.count)]),
    );
    return {
      campaignId: owned.id,
      campaignTitle: owned.title,
      campaignStatus: settledStatus(owned.status, owned.startsAt, owned.endsAt, new Date()),
      startsAt: owned.startsAt.toISOString(),
      endsAt: owned.endsAt.toISOString(),
      entriesClosedAt: owned.entriesClosedAt?.toISOString() ?? null,
      platforms: LIVE_PLATFORMS.map((platform) => {
        const connection = connections.find((row) => row.platform === platform);
        // The newest stream of the platform: the one being read, or the last one read.
        const stream = streams.find((row) => row.platform === platform);
        return {
          platform,
          enabled: owned.platforms.includes(platform),
          connection: connection ? toConnection(connection, 'streamer') : null,
          stream: stream
            ? toLiveStream(
                stream,
                {
                  comments: comments.get(stream.id) ?? 0,
                  entrants: entrants.perStream.get(stream.id) ?? 0,
                },
                this.platforms.get(platform),
              )
            : null,
        };
      }),
      entrantCount: entrants.total,
      commentCount: [...comments.values()].reduce((sum, count) => sum + count, 0),
    };
  }

  /** The OBS browser source (public): 404 for unknown campaigns, drafts and suspended streamers. */
  async overlay(campaignId: string): Promise<OverlayState> {
    const [found] = await this.db
      .select({
        campaign,
        goodsName: digitalGoods.name,
        imageKey: asset.storageKey,
        suspended: appUser.suspendedAt,
        locale: appUser.locale,
      })
      .from(campaign)
      .innerJoin(appUser, eq(appUser.id, campaign.streamerId))
      .innerJoin(digitalGoods, eq(digitalGoods.id, campaign.prizeDigitalGoodsId))
      .leftJoin(asset, eq(asset.id, digitalGoods.imageAssetId))
      .where(eq(campaign.id, campaignId));
    if (!found || found.campaign.status === 'draft' || found.suspended) throw campaignNotFound();
    const owned = found.campaign;
    const now = new Date();
    const [entrants, recent, [latest]] = await Promise.all([
      countEntrants(this.db, owned, now),
      recentEntrantNames(this.db, owned, now, LIVE_LIMITS.overlayTicker),
      this.db
        .select()
        .from(draw)
        .where(and(eq(draw.campaignId, owned.id), eq(draw.status, 'revealed')))
        .orderBy(desc(draw.revealedAt), desc(draw.round))
        .limit(1),
    ]);
    const winners = latest ? await this.draws.winners(eq(draw.id, latest.id)) : [];
    return {
      campaignId: owned.id,
      campaignTitle: owned.title,
      locale: found.locale,
      prizeName: found.goodsName,
      prizeImageUrl: found.imageKey ? this.storage.publicUrl(found.imageKey) : null,
      entrantCount: entrants.total,
      recentEntrants: recent,
      latestDraw: latest
        ? {
            id: latest.id,
            round: latest.round,
            revealedAt: latest.revealedAt!.toISOString(),
            entrantCount: latest.entrantCount ?? 0,
            // Excluded winners leave the screen; their re-draw is the next latest draw.
            winners: winners
              .filter((row) => row.status !== 'excluded')
              .map((row) => ({ entrantKey: row.entrantKey, displayName: row.displayName })),
            proofPath: `/draw/${latest.id}`,
          }
        : null,
    };
  }
}
