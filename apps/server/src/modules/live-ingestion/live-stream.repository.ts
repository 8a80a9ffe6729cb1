import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaign, liveComment, liveStream } from '../../db/schema.ts';
import type { LivePlatform } from '../../adapters/live-chat/index.ts';
import { countEntrants, streamSeesComment } from '../live-entries/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { ACTIVE, claimChat, renewLease } from './live-chat-lease.ts';
import {
  commitRead,
  recordQuotaDay,
  type CampaignForLive,
  type PollCommit,
  type QuotaCharger,
} from './live-chat-commit.ts';

export type LiveStreamRow = typeof liveStream.$inferSelect;
export type LiveCommentRow = typeof liveComment.$inferSelect;
export type StreamStatus = LiveStreamRow['status'];
export type {
  CampaignForLive,
  Follower,
  PollCommit,
  QuotaCharger,
  SharedChatPatch,
} from './live-chat-commit.ts';

/**
 * A campaign's live streams: their rows, start and stop, and the counts shown for them. The reading itself —
 * the per-chat lease (`live-chat-lease.ts`) and a read's commit (`live-chat-commit.ts`) — is reached through here.
 */
export class LiveStreamRepository {
  constructor(
    private readonly db: Db,
    private readonly quota: QuotaCharger | null = null,
  ) {}

  /**
   * The active streams reading the same chat (same platform and broadcast), oldest first: whichever claims the
   * chat reads for all of them (decision 0160). Includes `row` itself while it is active.
   */
  async chatGroup(row: Pick<LiveStreamRow, 'platform' | 'broadcastId'>): Promise<LiveStreamRow[]> {
    return this.db
      .select()
      .from(liveStream)
      .where(
        and(
          eq(liveStream.platform, row.platform),
          eq(liveStream.broadcastId, row.broadcastId),
          inArray(liveStream.status, ACTIVE),
        ),
      )
      .orderBy(liveStream.createdAt, liveStream.id);
  }

  /** Active chats being read on the platform (one reader each): the readers sharing the project's quota. */
  async activeChats(platform: LivePlatform): Promise<number> {
    const [row] = await this.db
      .select({ chats: sql<number>`count(distinct ${liveStream.broadcastId})::int` })
      .from(liveStream)
      .where(and(eq(liveStream.platform, platform), inArray(liveStream.status, ACTIVE)));
    return Number(row?.chats ?? 0);
  }

  /** Keeps a held lease alive while a streamed read waits for messages; false when it was lost. */
  renew(id: string, lease: string, leaseMs: number, readThrough?: Date): Promise<boolean> {
    return renewLease(this.db, id, lease, leaseMs, readThrough);
  }

  async campaign(id: string): Promise<CampaignForLive | null> {
    const [row] = await this.db
      .select({
        id: campaign.id,
        streamerId: campaign.streamerId,
        status: campaign.status,
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        entriesClosedAt: campaign.entriesClosedAt,
        platforms: campaign.platforms,
        entryRule: campaign.entryRule,
      })
      .from(campaign)
      .where(eq(campaign.id, id));
    return row ?? null;
  }

  async byId(id: string): Promise<LiveStreamRow | null> {
    const [row] = await this.db.select().from(liveStream).where(eq(liveStream.id, id));
    return row ?? null;
  }

  async ofCampaign(campaignId: string): Promise<LiveStreamRow[]> {
    return this.db
      .select()
      .from(liveStream)
      .where(eq(liveStream.campaignId, campaignId))
      .orderBy(desc(liveStream.createdAt));
  }

  /** The stream being read for the campaign on the platform, else the one read last. */
  async current(campaignId: string, platform: LivePlatform): Promise<LiveStreamRow | null> {
    const [row] = await this.db
      .select()
      .from(liveStream)
      .where(and(eq(liveStream.campaignId, campaignId), eq(liveStream.platform, platform)))
      .orderBy(
        sql`case when ${liveStream.status} in ('waiting', 'live') then 0 else 1 end`,
        desc(liveStream.updatedAt),
      )
      .limit(1);
    return row ?? null;
  }

  async find(campaignId: string, platform: LivePlatform, channelId: string, broadcastId: string) {
    const [row] = await this.db
      .select()
      .from(liveStream)
      .where(
        and(
          eq(liveStream.campaignId, campaignId),
          eq(liveStream.platform, platform),
          eq(liveStream.channelId, channelId),
          eq(liveStream.broadcastId, broadcastId),
        ),
      );
    return row ?? null;
  }

  /**
   * Starts (or resumes, from its stored cursor) reading one broadcast for the campaign; any other broadcast
   * still read for the campaign on that platform ends, so one stream per platform is live at a time.
   */
  async start(
    values: Pick<
      LiveStreamRow,
      'campaignId' | 'platform' | 'channelId' | 'broadcastId' | 'liveChatId' | 'connectionId'
    > & { quotaBudget: number | null; quotaUsed: number; quotaDay: string | null },
    now: Date,
  ): Promise<LiveStreamRow> {
    return this.db.transaction(async (tx) => {
      const ended = await tx
        .update(liveStream)
        .set({ status: 'ended', endedAt: now, nextPollAt: null, updatedAt: now })
        .where(
          and(
            eq(liveStream.campaignId, values.campaignId),
            eq(liveStream.platform, values.platform),
            ne(liveStream.broadcastId, values.broadcastId),
            inArray(liveStream.status, ACTIVE),
          ),
        )
        .returning({ id: liveStream.id });
      const [row] = await tx
        .insert(liveStream)
        .values({
          id: crypto.randomUUID(),
          ...values,
          status: 'live',
          nextPollAt: now,
          startedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [liveStream.campaignId, liveStream.platform, liveStream.broadcastId],
          set: {
            status: 'live',
            connectionId: values.connectionId,
            liveChatId: values.liveChatId,
            lastError: null,
            endedAt: null,
            nextPollAt: now,
            quotaUsed: sql`case when ${liveStream.quotaDay} = ${values.quotaDay} then ${liveStream.quotaUsed} + ${values.quotaUsed} else ${values.quotaUsed} end`,
            quotaDay: values.quotaDay,
            quotaBudget: sql`coalesce(${liveStream.quotaBudget}, ${values.quotaBudget})`,
            updatedAt: now,
          },
        })
        .returning();
      await recordQuotaDay(tx, row!.id);
      if (values.quotaUsed > 0) await this.quota?.charge(values.quotaUsed, now, tx);
      for (const { id } of ended) {
        await publishLiveEvent(tx, values.campaignId, { type: 'stream', liveStreamId: id, status: 'ended' });
      }
      await publishLiveEvent(tx, values.campaignId, {
        type: 'stream',
        liveStreamId: row!.id,
        status: 'live',
      });
      return row!;
    });
  }

  async stop(id: string, campaignId: string, now: Date): Promise<LiveStreamRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(liveStream)
        .set({
          status: 'ended',
          endedAt: sql`coalesce(${liveStream.endedAt}, ${now.toISOString()}::timestamptz)`,
          nextPollAt: null,
          updatedAt: now,
        })
        .where(eq(liveStream.id, id))
        .returning();
      await publishLiveEvent(tx, campaignId, { type: 'stream', liveStreamId: id, status: 'ended' });
      return row!;
    });
  }

  /** Takes the right to read the stream's chat now, for every campaign on it (`claimChat`). */
  claim(id: string, lease: string, leaseMs: number): Promise<LiveStreamRow | null> {
    return claimChat(this.db, id, lease, leaseMs);
  }

  /** Writes one poll (`commitRead`): how many comments were new, or null when the lease was lost. */
  commit(input: PollCommit, now: Date): Promise<number | null> {
    return commitRead(this.db, this.quota, input, now);
  }

  /** Active streams whose poll time has passed by more than `graceMs` (their job was lost or never sent). */
  async overdue(graceMs: number, limit = 500): Promise<string[]> {
    const rows = await this.db
      .select({ id: liveStream.id })
      .from(liveStream)
      .where(
        and(
          inArray(liveStream.status, ACTIVE),
          or(
            isNull(liveStream.nextPollAt),
            lte(liveStream.nextPollAt, sql`now() - ${`${graceMs} milliseconds`}::interval`),
          ),
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Comments and distinct entrants (as the draw counts them) per stream of one campaign. */
  async counts(
    streamIds: string[],
    campaignRow: CampaignForLive,
    now: Date,
  ): Promise<Map<string, { comments: number; entrants: number }>> {
    const result = new Map<string, { comments: number; entrants: number }>();
    if (streamIds.length === 0) return result;
    const rows = await this.db
      .select({ streamId: liveStream.id, comments: count() })
      .from(liveStream)
      .innerJoin(liveComment, streamSeesComment('live_stream', 'live_comment'))
      .where(inArray(liveStream.id, streamIds))
      .groupBy(liveStream.id);
    const { perStream } = await countEntrants(this.db, campaignRow, now);
    for (const id of streamIds) {
      const comments = rows.find((row) => row.streamId === id)?.comments ?? 0;
      result.set(id, { comments, entrants: perStream.get(id) ?? 0 });
    }
    return result;
  }
}
