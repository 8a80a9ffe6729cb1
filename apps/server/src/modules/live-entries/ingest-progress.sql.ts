import { sql } from 'drizzle-orm';
import type { DrawIngestBehind, LivePlatform } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './entrants.sql.ts';

/** A chat of the campaign whose ingestion has not passed the instant asked about. */
export interface ChatBehind extends DrawIngestBehind {
  platform: LivePlatform;
  /** Still read (waiting or live): waiting for it can help. A stream in error has no reader until it reconnects. */
  read: boolean;
}

/**
 * The campaign's chats not yet read past `at` (decision 0204). A chat is read through the latest `read_through_at`
 * of its streams, whichever campaign's read it (one reader per chat, decisions 0160, 0173). A stream that ended
 * sees only what was stored up to its end (`stream-comments.sql.ts`): nothing read later can add to it, so it is
 * never behind. Streams being read (waiting, live) and streams stopped by an error are, until their chat passes `at`.
 */
export async function chatsBehind(
  db: Pick<Db, 'execute'>,
  campaignId: string,
  at: Date,
): Promise<ChatBehind[]> {
  const rows = rowsOf<{ platform: LivePlatform; status: string; read_through: Date | string | null }>(
    await db.execute(sql`
      select s.platform, s.status,
        (select max(o.read_through_at) from live_stream o
          where o.platform = s.platform and o.broadcast_id = s.broadcast_id) as read_through
      from live_stream s
      where s.campaign_id = ${campaignId} and s.status <> 'ended'
      order by s.platform, s.broadcast_id`),
  );
  return rows
    .map((row) => ({
      platform: row.platform,
      read: row.status === 'waiting' || row.status === 'live',
      readThrough: row.read_through === null ? null : new Date(row.read_through),
    }))
    .filter((row) => row.readThrough === null || row.readThrough.getTime() < at.getTime())
    .map((row) => ({ ...row, readThrough: row.readThrough?.toISOString() ?? null }));
}
