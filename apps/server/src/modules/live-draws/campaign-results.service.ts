import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CampaignResults, MyCampaignResults } from '@hanabi/api';
import type { LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import type { Db } from '../../db/client.ts';
import { appUser, campaign, draw, liveStream, platformConnection, winner } from '../../db/schema.ts';
import { campaignNotFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { drawHistory } from './draw-history.ts';
import type { DrawsRepository } from './draws.repository.ts';

type CampaignRow = typeof campaign.$inferSelect;
/**
 * A campaign's results for its public page (decision 0075). `results` is the same body for every caller: every
 * draw as one history (decision 0200), each winner's chat name, whether its prize waits for that chat identity
 * to be linked, and the streams. `mine` is the caller's own wins (through the identities they linked) with the delivery state.
 */
export class CampaignResultsService {
  constructor(
    private readonly db: Db,
    private readonly draws: DrawsRepository,
    private readonly platforms: LivePlatformRegistry,
  ) {}

  /** Public campaigns only: unknown ids, drafts and suspended streamers answer 404, as the campaign page does. */
  private async visible(id: string): Promise<CampaignRow> {
    const [found] = await this.db
      .select({ campaign, suspended: appUser.suspendedAt })
      .from(campaign)
      .innerJoin(appUser, eq(appUser.id, campaign.streamerId))
      .where(eq(campaign.id, id));
    if (!found || found.campaign.status === 'draft' || found.suspended) throw campaignNotFound();
    return found.campaign;
  }

  async results(campaignId: string): Promise<CampaignResults> {
    const row = await this.visible(campaignId);
    const [draws, streams] = await Promise.all([
      drawHistory(this.draws, row.id),
      this.db
        .select({
          stream: liveStream,
          name: platformConnection.displayName,
          screenId: platformConnection.screenId,
        })
        .from(liveStream)
        .leftJoin(platformConnection, eq(platformConnection.id, liveStream.connectionId))
        .where(eq(liveStream.campaignId, row.id))
        .orderBy(asc(liveStream.createdAt)),
    ]);
    return {
      campaignId: row.id,
      campaignStatus: row.status,
      draws,
      streams: streams.map(({ stream, name, screenId }) => ({
        platform: stream.platform,
        status: stream.status,
        channelName: name,
        ...this.platforms.get(stream.platform).pages({ ...stream, screenId }),
      })),
    };
  }

  async mine(session: SessionUser, campaignId: string): Promise<MyCampaignResults> {
    const row = await this.visible(campaignId);
    if (!session.userId) return { campaignId: row.id, wins: [] };
    const revealed = await this.db
      .select({ id: draw.id })
      .from(draw)
      .where(and(eq(draw.campaignId, row.id), eq(draw.status, 'revealed')));
    if (revealed.length === 0) return { campaignId: row.id, wins: [] };
    const winners = await this.draws.winners(
      and(
        eq(winner.campaignId, row.id),
        inArray(
          winner.drawId,
          revealed.map((item) => item.id),
        ),
      )!,
    );
    return {
      campaignId: row.id,
      wins: winners
        .filter((w) => w.userId === session.userId && w.status !== 'excluded')
        .map((w) => ({
          winnerId: w.id,
          drawId: w.drawId,
          platform: w.platform,
          displayName: w.displayName,
          status: w.status,
          txHash: w.txHash,
          digitalGoodsId: row.prizeDigitalGoodsId,
        })),
    };
  }
}
