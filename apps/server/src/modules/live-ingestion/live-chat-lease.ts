import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveStream } from '../../db/schema.ts';

type LiveStreamRow = typeof liveStream.$inferSelect;

/** The statuses a stream's chat is read in. */
export const ACTIVE: LiveStreamRow['status'][] = ['waiting', 'live'];

/**
 * Takes the right to read a stream's chat now: only when the stream is active and due, and no other stream
 * on the same chat is being read (decision 0160: one reader per chat; a per-chat advisory lock orders rival
 * claims). `next_poll_at` moves a lease ahead on every stream of the chat, so a second job (a sweep, a
 * retry, another campaign's job) finds them not due and stops; a crashed reader's lease simply runs out and
 * the sweep picks the chat up again from its stored cursor.
 */
export async function claimChat(
  db: Db,
  id: string,
  lease: string,
  leaseMs: number,
): Promise<LiveStreamRow | null> {
  return db.transaction(async (tx) => {
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
 * Keeps a held lease alive while a streamed read waits for messages; false when it was lost. `readThrough`: the
 * open stream had nothing new up to then, so the chat is read through it (decision 0204).
 */
export async function renewLease(
  db: Db,
  id: string,
  lease: string,
  leaseMs: number,
  readThrough?: Date,
): Promise<boolean> {
  const rows = await db
    .update(liveStream)
    .set({
      nextPollAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      ...(readThrough
        ? {
            readThroughAt: sql`greatest(${liveStream.readThroughAt}, ${readThrough.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(and(eq(liveStream.id, id), sql`${liveStream.ingestState}->>'lease' = ${lease}`))
    .returning({ id: liveStream.id });
  return rows.length > 0;
}
