import crypto from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { LiveEvent } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { liveComment, liveStream } from '../../db/schema.ts';
import type { ChatMessage, LivePlatform } from '../../adapters/live-chat/index.ts';
import { countEntrants, type EntryCampaign } from '../live-entries/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';

/** What a read brought from a chat. */
export interface ChatWrite {
  messages: ChatMessage[];
  deletedMessageIds: string[];
  bannedAuthorIds: string[];
  /** Recount entrants at most this often while comments keep coming. */
  entrantsEveryMs: number;
}

/** A live chat: every campaign's stream on the same platform and broadcast reads it (decision 0160). */
export interface ChatKey {
  platform: LivePlatform;
  broadcastId: string;
}

/** What a read changed in the chat's stored comments. */
export interface ChatChange {
  /** Comments new to the chat. */
  added: number;
  /** Deletions or bans arrived (comments may have left the pool). */
  removed: boolean;
}

/** Rows per INSERT: 13 parameters each keeps us far below PostgreSQL's 65,535-parameter limit. */
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
 * Stores a read once for the chat, however many campaigns read it (decision 0173): new comments (the unique key
 * on the chat and message id drops any already stored, so a page read twice after a crash adds nothing), and
 * deletions and bans, which leave every campaign's pool at once.
 */
export async function storeChat(tx: Tx, input: ChatWrite, chat: ChatKey, now: Date): Promise<ChatChange> {
  let added = 0;
  for (let i = 0; i < input.messages.length; i += INSERT_CHUNK) {
    const chunk = input.messages.slice(i, i + INSERT_CHUNK);
    const rows = await tx
      .insert(liveComment)
      .values(chunk.map((m) => toCommentRow(chat, m, now)))
      .onConflictDoNothing({
        target: [liveComment.platform, liveComment.broadcastId, liveComment.platformMessageId],
      })
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
      .where(
        and(
          eq(liveComment.platform, chat.platform),
          eq(liveComment.broadcastId, chat.broadcastId),
          or(...taken),
          isNull(liveComment.deletedAt),
        ),
      );
  }
  return { added, removed: taken.length > 0 };
}

/**
 * One campaign's stream after a chat write: its entrant count (its own entry rule over the chat's comments),
 * kept on the row and announced to the campaign's room with the comments that arrived.
 */
export async function announceChat(
  tx: Tx,
  change: ChatChange,
  entrantsEveryMs: number,
  streamId: string,
  campaignRow: EntryCampaign,
  last: Entrants | undefined,
  now: Date,
): Promise<void> {
  const { added, removed } = change;
  if (!(added > 0 || removed || last?.stale)) return;
  // The same count the live page and the draw use (linked people once, cooldown applied). It reads every
  // comment of the campaign, so during a burst (polls back to back) it runs at most every `entrantsEveryMs`;
  // a skipped count is marked stale and made good by the next poll, even a quiet one.
  const due = !last || now.getTime() - last.at >= entrantsEveryMs;
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

function toCommentRow(chat: ChatKey, m: ChatMessage, now: Date): typeof liveComment.$inferInsert {
  return {
    id: crypto.randomUUID(),
    platform: chat.platform,
    broadcastId: chat.broadcastId,
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
