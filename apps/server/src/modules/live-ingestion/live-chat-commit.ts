import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveStream, type CampaignEntryRule } from '../../db/schema.ts';
import type { ChatMessage } from '../../adapters/live-chat/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { countChatMessages } from '../metrics/index.ts';
import { ACTIVE } from './live-chat-lease.ts';
import {
  announceChat,
  entrantsOf,
  keepEntrants,
  storeChat,
  type ChatChange,
  type Tx,
} from './live-chat-write.ts';

type LiveStreamRow = typeof liveStream.$inferSelect;
type StreamStatus = LiveStreamRow['status'];

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
      | 'readThroughAt'
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
   * The other campaigns' streams on the same chat (decision 0160): the comments are stored once for the chat
   * (decision 0173) and each of them counts its entrants with its own entry rule; each takes the chat's state
   * (`shared`), so whichever of them reads next resumes from the same token.
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

/** Charges quota units to the project ledger inside a transaction (the ledger lives beside this module). */
export interface QuotaCharger {
  charge(units: number, now: Date, tx: Pick<Db, 'execute'>): Promise<void>;
}

/**
 * A read that ends the stream ends it at the commit, not when the poll began: the comments this commit and those
 * before it stored (`created_at` up to now) are the stream's, and a streamed read may have run 45 s since
 * (decision 0173).
 */
function endedNow(patch: { endedAt?: Date | null }, now: Date): { endedAt?: Date } {
  return patch.endedAt ? { endedAt: now } : {};
}

/** `read_through_at` moved to `at` unless it is past it already (decision 0204). */
export function readThroughLater(at: Date) {
  return sql`greatest(${liveStream.readThroughAt}, ${at.toISOString()}::timestamptz)`;
}

/**
 * Copies a stream's quota of its current day into the per-day ledger (`live_quota_usage`), in the caller's
 * transaction: the stream row keeps only today for its budget, the ledger keeps every day for the dashboard.
 */
export async function recordQuotaDay(tx: Pick<Db, 'execute'>, streamId: string): Promise<void> {
  await tx.execute(sql`
    insert into live_quota_usage (live_stream_id, quota_day, units)
    select id, quota_day, quota_used from live_stream where id = ${streamId} and quota_day is not null
    on conflict (live_stream_id, quota_day) do update set units = excluded.units`);
}

/**
 * Writes one poll: the chat's new comments and deletions (once, for every campaign on the chat), the cursor and
 * the polling state, and announces what changed — all or nothing, and only while this poller still holds the
 * lease. Answers how many comments were new, or null when the lease was lost (another poller took over;
 * nothing was written).
 */
export async function commitRead(
  db: Db,
  quota: QuotaCharger | null,
  input: PollCommit,
  now: Date,
): Promise<number | null> {
  let platform = '';
  const added = await db.transaction(async (tx) => {
    const { ingestState, readThroughAt, ...patch } = input.patch;
    const [held] = await tx
      .update(liveStream)
      .set({
        ...patch,
        ...endedNow(patch, now),
        // The entrant count is the database's (written by the last commit, this stream's or the reader's).
        ...(ingestState ? { ingestState: keepEntrants(ingestState) } : {}),
        // Only forward: a quiet streamed read's renewal may have moved it past this page already.
        ...(readThroughAt ? { readThroughAt: readThroughLater(readThroughAt) } : {}),
        updatedAt: now,
      })
      .where(
        and(eq(liveStream.id, input.streamId), sql`${liveStream.ingestState}->>'lease' = ${input.lease}`),
      )
      .returning({
        status: liveStream.status,
        entrants: entrantsOf,
        platform: liveStream.platform,
        broadcastId: liveStream.broadcastId,
      });
    // Patches carry a fresh ingest_state without the lease; a poller that lost it writes nothing.
    if (!held) return null;
    platform = held.platform;
    if (input.patch.quotaDay) await recordQuotaDay(tx, input.streamId);
    if (input.quotaCharge) await quota?.charge(input.quotaCharge, now, tx);
    const change = await storeChat(tx, input, held, now);
    const every = input.entrantsEveryMs;
    await announceChat(tx, change, every, input.streamId, input.campaign, held.entrants ?? undefined, now);
    for (const follower of input.followers ?? []) {
      await follow(tx, input, change, follower, now);
    }
    if (input.announceStream) {
      await publishLiveEvent(tx, input.campaign.id, {
        type: 'stream',
        liveStreamId: input.streamId,
        status: held.status,
      });
    }
    return change.added;
  });
  if (added) countChatMessages(platform, added); // counted once committed
  return added;
}

/**
 * A follower after the reader's commit: with a chat read (`shared`), the chat's state and its own entrant
 * count over the comments just stored; always the lease as the reader holds it now (kept while a stream goes
 * on, dropped at the end) and the reader's next read time, so no other stream on the chat reads meanwhile.
 * Without a chat read the follower is due at once: the next claim among the chat's streams reads for all.
 */
async function follow(tx: Tx, input: PollCommit, change: ChatChange, follower: Follower, now: Date) {
  const { chatState, ...shared } = input.shared ?? {};
  const lease = (input.patch.ingestState as { lease?: string } | undefined)?.lease;
  const state = { ...chatState, ...(lease ? { lease } : {}) };
  const next = input.shared ? input.patch.nextPollAt : now;
  const [moved] = await tx
    .update(liveStream)
    .set({
      ...shared,
      ...endedNow(shared, now),
      ingestState: sql`(${liveStream.ingestState} - 'lease') || ${JSON.stringify(state)}::jsonb`,
      ...(next !== undefined ? { nextPollAt: next } : {}),
      updatedAt: now,
    })
    .where(and(eq(liveStream.id, follower.streamId), inArray(liveStream.status, ACTIVE)))
    .returning({ status: liveStream.status, entrants: entrantsOf });
  if (!moved || !input.shared) return;
  const every = input.entrantsEveryMs;
  await announceChat(
    tx,
    change,
    every,
    follower.streamId,
    follower.campaign,
    moved.entrants ?? undefined,
    now,
  );
  if (moved.status !== follower.status) {
    await publishLiveEvent(tx, follower.campaign.id, {
      type: 'stream',
      liveStreamId: follower.streamId,
      status: moved.status,
    });
  }
}
