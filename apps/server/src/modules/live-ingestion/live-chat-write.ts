import crypto from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { LiveEvent } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { liveComment, liveStream } from '../../db/schema.ts';
import type { ChatMessage } from '../../adapters/live-chat/index.ts';
import { countEntrants, type EntryCampaign } from '../live-entries/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';

/** What a read brought, for one stream's share of it. */
export interface ChatWrite {
  messages: ChatMessage[];
  deletedMessageIds: string[];
  bannedAuthorIds: string[];
  /** Recount entrants at most this often while comments keep coming. */
  entrantsEveryMs: number;
}

/** Rows per INSERT: 12 parameters each keeps us far below PostgreSQL's 65,535-parameter limit. */
const INSERT_CHUNK = 500;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Entrants = { count: number; at: number; stale: boolean };

/** The entrant count last announced for a stream (`ingest_state.entrants`), as the row holds it now. */
export const entrantsOf = sql<Entrants | null>`${liveStream.ingestState}->'entrants'`;

/** A new `ingest_state` that keeps the row's entrant count (only chat writes change it). */
export function keepEntrants(state: Record<string, unknown>) {
  const { entrants: _stale, ...rest } = state;
  return sql`${JSON.stringify(rest)}::jsonb || jsonb_strip_nulls(jsonb_build_object('entrants', ${liveStream.ingestState}->'entrants'))`;
}

/**
 * One stream's share of a read: new comments (the unique key drops any already stored, so a page read twice
 * after a crash adds nothing), deletions and bans, and the entrant count announced to the campaign's room.
 */
export async function writeChat(
  tx: Tx,
  input: ChatWrite,
  streamId: string,
  campaignRow: EntryCampaign,
  last: Entrants | undefined,
  now: Date,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < input.messages.length; i += INSERT_CHUNK) {
    const chunk = input.messages.slice(i, i + INSERT_CHUNK);
    const rows = await tx
      .insert(liveComment)
      .values(chunk.map((m) => toCommentRow(streamId, m, now)))
      .onConflictDoNothing({ target: [liveComment.liveStreamId, liveComment.platformMessageId] })
      .returning({ id: liveComment.id });
    added += rows.length;
  }
  // Deleted messages and every message of a banned author leave the pool, in one statement.
  const taken = [
    input.deletedMessageIds.length > 0 && inArray(liveComment.platformMessageId, input.deletedMessageIds),
    input.bannedAuthorIds.length > 0 && inArray(liveComment.authorPlatformId, input.bannedAuthorIds),
  ].filter((condition) => condition !== false);
  if (taken.length > 0) {
    await tx
      .update(liveComment)
      .set({ deletedAt: now })
      .where(and(eq(liveComment.liveStreamId, streamId), or(...taken), isNull(liveComment.deletedAt)));
  }
  const removed = input.deletedMessageIds.length + input.bannedAuthorIds.length > 0;
  if (added > 0 || removed || last?.stale) {
    // The same count the live page and the draw use (linked people once, cooldown applied). It reads every
    // comment of the campaign, so during a burst (polls back to back) it runs at most every
    // `entrantsEveryMs`; a skipped count is marked stale and made good by the next poll, even a quiet one.
    const due = !last || now.getTime() - last.at >= input.entrantsEveryMs;
    let entrantCount = last?.count ?? 0;
    if (due) {
      const { perStream } = await countEntrants(tx, campaignRow, now);
      entrantCount = perStream.get(streamId) ?? 0;
    }
    const entrants = { count: entrantCount, at: due ? now.getTime() : last!.at, stale: !due };
    await tx
      .update(liveStream)
      .set({ ingestState: sql`${liveStream.ingestState} || ${JSON.stringify({ entrants })}::jsonb` })
      .where(eq(liveStream.id, streamId));
    if (added > 0 || removed || due) {
      const event: LiveEvent = { type: 'comments', liveStreamId: streamId, added, entrantCount };
      await publishLiveEvent(tx, campaignRow.id, event);
    }
  }
  return added;
}

function toCommentRow(streamId: string, m: ChatMessage, now: Date): typeof liveComment.$inferInsert {
  return {
    id: crypto.randomUUID(),
    liveStreamId: streamId,
    platformMessageId: m.id,
    authorPlatformId: m.author.id,
    authorName: m.author.displayName,
    authorImageUrl: m.author.imageUrl,
    text: m.text,
    kind: m.kind,
    isMember: m.author.isMember,
    isModerator: m.author.isModerator,
    isOwner: m.author.isOwner,
    publishedAt: m.publishedAt,
    createdAt: now,
  };
}
