import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaign, liveComment, liveStream, type CampaignEntryRule } from '../../db/schema.ts';
import type { ChatMessage, LivePlatform } from '../../adapters/live-chat/index.ts';
import { countEntrants } from '../live-entries/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { entrantsOf, keepEntrants, writeChat, type Tx } from './live-chat-write.ts';

export type LiveStreamRow = typeof liveStream.$inferSelect;
export type LiveCommentRow = typeof liveComment.$inferSelect;
export type StreamStatus = LiveStreamRow['status'];

export interface CampaignForLive {
  id: string;
  streamerId: string;
  status: 'draft' | 'scheduled' | 'live' | 'ended';
  startsAt: Date;
  endsAt: Date;
  entriesClosedAt: Date | null;
  platforms: string[];
  entryRule: CampaignEntryRule;
}

/** What one poll decided, written in one transaction. */
export interface PollCommit {
  streamId: string;
  lease: string;
  messages: ChatMessage[];
  deletedMessageIds: string[];
  bannedAuthorIds: string[];
  patch: Partial<
    Pick<
      LiveStreamRow,
      | 'status'
      | 'cursor'
      | 'pollingIntervalMs'
      | 'quotaUsed'
      | 'quotaDay'
      | 'ingestState'
      | 'nextPollAt'
      | 'lastError'
      | 'endedAt'
    >
  >;
  /** Announce a `stream` event too (status or error changed). */
  announceStream: boolean;
  campaign: CampaignForLive;
  /** Recount entrants at most this often while comments keep coming. */
  entrantsEveryMs: number;
  /** Quota units this commit's calls spent, charged to the project ledger in the same transaction. */
  quotaCharge?: number;
  /**
   * The other campaigns' streams on the same chat (decision 0160): each gets the same messages, deletions and
   * bans as its own rows (its entry rule applies to them), and the chat's state (`shared`), so whichever of
   * them reads next resumes from the same token.
   */
  followers?: Follower[];
  shared?: SharedChatPatch;
}

/** A stream that reads nothing itself: another campaign's stream on the same chat reads for it. */
export interface Follower {
  streamId: string;
  status: StreamStatus;
  campaign: CampaignForLive;
}

/**
 * The part of a read that is the chat's, not the campaign's: copied to every stream on the chat. Status only
 * as `live`/`ended` (a fact of the chat); an `error` is the reader's connection's, not the followers'.
 */
export type SharedChatPatch = Partial<
  Pick<LiveStreamRow, 'cursor' | 'pollingIntervalMs' | 'lastError' | 'endedAt'>
> & { status?: 'live' | 'ended'; chatState?: Record<string, unknown> };

/** Charges quota units to the project ledger inside a transaction (the ledger lives beside this repository). */
export interface QuotaCharger {
  charge(units: number, now: Date, tx: Pick<Db, 'execute'>): Promise<void>;
}

const ACTIVE: StreamStatus[] = ['waiting', 'live'];

/**
 * Copies a stream's quota of its current day into the per-day ledger (`live_quota_usage`), in the caller's
 * transaction: the stream row keeps only today for its budget, the ledger keeps every day for the dashboard.
 */
async function recordQuotaDay(tx: Pick<Db, 'execute'>, streamId: string): Promise<void> {
  await tx.execute(sql`
    insert into live_quota_usage (live_stream_id, quota_day, units)
    select id, quota_day, quota_used from live_stream where id = ${streamId} and quota_day is not null
    on conflict (live_stream_id, quota_day) do update set units = excluded.units`);
}

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
  async renew(id: string, lease: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(liveStream)
      .set({ nextPollAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(and(eq(liveStream.id, id), sql`${liveStream.ingestState}->>'lease' = ${lease}`))
      .returning({ id: liveStream.id });
    return rows.length > 0;
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

  /**
   * Takes the right to read a stream's chat now: only when the stream is active and due, and no other stream
   * on the same chat is being read (decision 0160: one reader per chat; a per-chat advisory lock orders rival
   * claims). `next_poll_at` moves a lease ahead on every stream of the chat, so a second job (a sweep, a
   * retry, another campaign's job) finds them not due and stops; a crashed reader's lease simply runs out and
   * the sweep picks the chat up again from its stored cursor.
   */
  async claim(id: string, lease: string, leaseMs: number): Promise<LiveStreamRow | null> {
    return this.db.transaction(async (tx) => {
      const [chat] = await tx
        .select({ platform: liveStream.platform, broadcastId: liveStream.broadcastId })
        .from(liveStream)
        .where(eq(liveStream.id, id));
      if (!chat) return null;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`live-chat\n${chat.platform}\n${chat.broadcastId}`}, 0))`,
      );
      const sameChat = and(
        eq(liveStream.platform, chat.platform),
        eq(liveStream.broadcastId, chat.broadcastId),
        inArray(liveStream.status, ACTIVE),
      );
      const [busy] = await tx
        .select({ id: liveStream.id })
        .from(liveStream)
        .where(
          and(
            sameChat,
            ne(liveStream.id, id),
            sql`${liveStream.ingestState}->>'lease' is not null`,
            sql`${liveStream.nextPollAt} > now()`,
          ),
        )
        .limit(1);
      if (busy) return null;
      const held = {
        nextPollAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        ingestState: sql`${liveStream.ingestState} || ${JSON.stringify({ lease })}::jsonb`,
      };
      const [row] = await tx
        .update(liveStream)
        .set(held)
        .where(
          and(
            eq(liveStream.id, id),
            inArray(liveStream.status, ACTIVE),
            or(
              isNull(liveStream.nextPollAt),
              lte(liveStream.nextPollAt, sql`now() + interval '200 milliseconds'`),
            ),
          ),
        )
        .returning();
      if (row)
        await tx
          .update(liveStream)
          .set(held)
          .where(and(sameChat, ne(liveStream.id, id)));
      return row ?? null;
    });
  }

  /**
   * Writes one poll: new comments (the unique key drops any already stored, so a page read twice after a crash
   * adds nothing), deletions, the cursor and the polling state, and announces what changed — all or nothing,
   * and only while this poller still holds the lease. Answers how many comments were new, or null when the
   * lease was lost (another poller took over; nothing was written).
   */
  async commit(input: PollCommit, now: Date): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const { ingestState, ...patch } = input.patch;
      const [held] = await tx
        .update(liveStream)
        .set({
          ...patch,
          // The entrant count is the database's (written by the last commit, this stream's or the reader's).
          ...(ingestState ? { ingestState: keepEntrants(ingestState) } : {}),
          updatedAt: now,
        })
        .where(
          and(eq(liveStream.id, input.streamId), sql`${liveStream.ingestState}->>'lease' = ${input.lease}`),
        )
        .returning({ id: liveStream.id, status: liveStream.status, entrants: entrantsOf });
      // Patches carry a fresh ingest_state without the lease; a poller that lost it writes nothing.
      if (!held) return null;
      if (input.patch.quotaDay) await recordQuotaDay(tx, input.streamId);
      if (input.quotaCharge) await this.quota?.charge(input.quotaCharge, now, tx);
      const added = await writeChat(
        tx,
        input,
        input.streamId,
        input.campaign,
        held.entrants ?? undefined,
        now,
      );
      for (const follower of input.followers ?? []) {
        await this.follow(tx, input, follower, now);
      }
      if (input.announceStream) {
        await publishLiveEvent(tx, input.campaign.id, {
          type: 'stream',
          liveStreamId: input.streamId,
          status: held.status,
        });
      }
      return added;
    });
  }

  /**
   * A follower after the reader's commit: with a chat read (`shared`), the same messages and the chat's state;
   * always the lease as the reader holds it now (kept while a stream goes on, dropped at the end) and the
   * reader's next read time, so no other stream on the chat reads meanwhile. Without a chat read the follower
   * is due at once: the next claim among the chat's streams reads for all of them.
   */
  private async follow(tx: Tx, input: PollCommit, follower: Follower, now: Date): Promise<void> {
    const { chatState, ...shared } = input.shared ?? {};
    const lease = (input.patch.ingestState as { lease?: string } | undefined)?.lease;
    const state = { ...chatState, ...(lease ? { lease } : {}) };
    const next = input.shared ? input.patch.nextPollAt : now;
    const [moved] = await tx
      .update(liveStream)
      .set({
        ...shared,
        ingestState: sql`(${liveStream.ingestState} - 'lease') || ${JSON.stringify(state)}::jsonb`,
        ...(next !== undefined ? { nextPollAt: next } : {}),
        updatedAt: now,
      })
      .where(and(eq(liveStream.id, follower.streamId), inArray(liveStream.status, ACTIVE)))
      .returning({ status: liveStream.status, entrants: entrantsOf });
    if (!moved || !input.shared) return;
    await writeChat(tx, input, follower.streamId, follower.campaign, moved.entrants ?? undefined, now);
    if (moved.status !== follower.status) {
      await publishLiveEvent(tx, follower.campaign.id, {
        type: 'stream',
        liveStreamId: follower.streamId,
        status: moved.status,
      });
    }
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
      .select({ streamId: liveComment.liveStreamId, comments: count() })
      .from(liveComment)
      .where(inArray(liveComment.liveStreamId, streamIds))
      .groupBy(liveComment.liveStreamId);
    const { perStream } = await countEntrants(this.db, campaignRow, now);
    for (const id of streamIds) {
      const comments = rows.find((row) => row.streamId === id)?.comments ?? 0;
      result.set(id, { comments, entrants: perStream.get(id) ?? 0 });
    }
    return result;
  }
}
