import { type CommentList, type CommentListQuery, type LiveEvent, type LiveStream } from '@hanabi/api';
import {
  isLiveAdapterError,
  type LivePlatform,
  type LivePlatformRegistry,
} from '../../adapters/live-chat/index.ts';
import { businessRule, campaignNotFound, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Logger } from '../../logger.ts';
import { settledStatus } from '../campaigns/index.ts';
import type { ConnectionTokens } from '../live-connections/index.ts';
import type { LiveConnectionsService } from '../live-connections/index.ts';
import { commentRuleReason } from '../live-entries/index.ts';
import { toLiveComment, toLiveStream } from './live-stream.mapper.ts';
import type { CampaignForLive, LiveStreamRepository, LiveStreamRow } from './live-stream.repository.ts';
import type { LiveCommentRepository } from './live-comment.repository.ts';

export interface PollKicker {
  kick(liveStreamId: string): Promise<void>;
}

const missingCampaign = () => campaignNotFound();

/**
 * The live streams of a campaign (docs/design.md §6): find the streamer's current broadcast and start reading
 * its chat (the worker's `live.poll` does the reading), stop, and the comments read so far. Owner only: another
 * streamer's campaign is "not found".
 */
export class LiveStreamService {
  constructor(
    private readonly streams: LiveStreamRepository,
    private readonly commentRows: LiveCommentRepository,
    private readonly connections: LiveConnectionsService,
    private readonly tokens: ConnectionTokens,
    private readonly platforms: LivePlatformRegistry,
    private readonly kicker: PollKicker,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async start(session: SessionUser, campaignId: string, platform: LivePlatform): Promise<LiveStream> {
    const campaign = await this.owned(session, campaignId);
    const driver = this.platforms.get(platform);
    const now = this.clock();
    const status = settledStatus(campaign.status, campaign.startsAt, campaign.endsAt, now);
    if (status === 'draft')
      throw businessRule('campaignNotPublished', 'Publish the campaign before reading a live chat for it.');
    if (status === 'ended')
      throw businessRule('campaignEnded', 'This campaign has ended: no more comments are read for it.');
    if (!campaign.platforms.includes(platform)) {
      throw businessRule('platformNotInCampaign', `This campaign does not run on ${driver.name}.`);
    }
    const connection = await this.connections.chatConnection(campaign.streamerId, platform);
    let quotaUsed = 0;
    const notLive = () =>
      businessRule(
        'notLiveOnPlatform',
        `You are not live on ${driver.name} right now: start your broadcast, then try again.`,
      );
    const found = await this.tokens
      .withAccessToken(connection, (accessToken) =>
        driver.currentBroadcast({
          accessToken,
          platformUserId: connection.platformUserId,
          charge: (units) => (quotaUsed += units),
        }),
      )
      .catch((error: unknown) => {
        this.log.warn({ err: error, campaignId, platform }, 'could not look up the live broadcast');
        if (isLiveAdapterError(error, 'reauthorize') || isLiveAdapterError(error, 'refreshToken')) {
          throw businessRule(
            'platformAccessRevoked',
            `${driver.name} no longer accepts Hanabi's access to your account: connect it again.`,
          );
        }
        throw businessRule(
          'platformNoAnswer',
          `${driver.name} did not answer about your broadcast. Check your connection and try again.`,
        );
      });
    if (!found) throw notLive();
    const row = await this.streams.start(
      {
        campaignId,
        platform,
        ...found,
        connectionId: connection.id,
        quotaBudget: driver.quota?.dailyUnits ?? null,
        quotaUsed,
        quotaDay: driver.quota?.dayOf(now) ?? null,
      },
      now,
    );
    this.log.info({ campaignId, platform, liveStreamId: row.id }, 'live chat reading started');
    await this.kicker.kick(row.id);
    return this.present(row, campaign);
  }

  /** The campaign, when the session owns it (404 otherwise). */
  async campaignOf(session: SessionUser, campaignId: string): Promise<CampaignForLive> {
    return this.owned(session, campaignId);
  }

  async stop(session: SessionUser, campaignId: string, platform: LivePlatform): Promise<LiveStream> {
    const campaign = await this.owned(session, campaignId);
    const current = await this.streams.current(campaignId, platform);
    if (!current)
      throw notFound(
        'liveStreamNotFound',
        `No ${this.platforms.get(platform).name} stream is read for this campaign.`,
      );
    const row =
      current.status === 'waiting' || current.status === 'live'
        ? await this.streams.stop(current.id, campaignId, this.clock())
        : current;
    return this.present(row, campaign);
  }

  async comments(
    session: SessionUser,
    platform: LivePlatform,
    a: string,
    b: string,
    query: CommentListQuery,
  ): Promise<CommentList> {
    const campaign = await this.owned(session, query.campaignId);
    const stream = await this.streams.find(campaign.id, platform, a, b);
    if (!stream)
      throw notFound(
        'liveStreamNotFound',
        `No ${this.platforms.get(platform).name} stream ${a}/${b} for this campaign.`,
      );
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const { rows, total } = await this.commentRows.page({
      streamId: stream.id,
      limit: query.limit + 1,
      ...(after ? { before: { publishedAt: cursorDate(after.sortValue), id: after.id } } : {}),
      ...(query.onlyEligible ? { onlyEligible: { rule: campaign.entryRule, period: campaign } } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const passing = page.filter((row) => commentRuleReason(campaign.entryRule, campaign, row) === null);
    const byAuthor = await this.commentRows.authorReasons(
      campaign,
      passing.map((row) => row.id),
      this.clock(),
    );
    return {
      list: page.map((row) => toLiveComment(row, platform, campaign, byAuthor.get(row.id))),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(last.publishedAt.toISOString(), last.id) : null,
      total,
    };
  }

  /**
   * For the public event stream: null for an unknown or draft campaign, else a `stream` event per platform's
   * current stream (what a fresh subscriber needs before the first change arrives).
   */
  async eventSnapshot(campaignId: string): Promise<LiveEvent[] | null> {
    const campaign = await this.streams.campaign(campaignId);
    if (!campaign || campaign.status === 'draft') return null;
    const events: LiveEvent[] = [];
    for (const { id } of this.platforms.all()) {
      const row = await this.streams.current(campaignId, id);
      if (row) events.push({ type: 'stream', liveStreamId: row.id, status: row.status });
    }
    return events;
  }

  private async owned(session: SessionUser, campaignId: string): Promise<CampaignForLive> {
    const campaign = await this.streams.campaign(campaignId);
    if (!campaign || campaign.streamerId !== session.userId) throw missingCampaign();
    return campaign;
  }

  private async present(row: LiveStreamRow, campaign: CampaignForLive): Promise<LiveStream> {
    const counts = await this.streams.counts([row.id], campaign, this.clock());
    return toLiveStream(
      row,
      counts.get(row.id) ?? { comments: 0, entrants: 0 },
      this.platforms.get(row.platform),
    );
  }
}
