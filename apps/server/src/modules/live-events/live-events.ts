import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@hanabi/api';
import { CACHE_CHANNEL } from '../../db/cache-bus.ts';
import type { Db } from '../../db/client.ts';

/** The PostgreSQL channel live events are announced on (payload: {@link LiveEventMessage} JSON). */
export const LIVE_EVENT_CHANNEL = 'hanabi_live';

/**
 * The read cache of campaigns' public results (`GET /api/campaign/{id}/results`): every change those show (a
 * draw, winners, a delivery, a stream) is a live event, so publishing one drops that campaign's entry.
 */
export const CAMPAIGN_RESULTS_CACHE = 'campaignResults';

export interface LiveEventMessage {
  campaignId: string;
  event: LiveEvent;
}

/** A database handle or a transaction on it: events are published with the change that causes them. */
export type LiveEventExecutor = Pick<Db, 'execute'>;

/**
 * Announces a live event of a campaign to every process's open event streams (SSE). Call it inside the
 * transaction of the change (comments stored, a draw revealed): PostgreSQL delivers a NOTIFY only when that
 * transaction commits, so a listener never hears of rows it cannot read yet, and a rolled-back change is never
 * announced. Payloads are small (counts and ids; clients refetch), well under NOTIFY's 8000-byte limit.
 */
export async function publishLiveEvent(
  db: LiveEventExecutor,
  campaignId: string,
  event: LiveEvent,
): Promise<void> {
  const message: LiveEventMessage = { campaignId, event };
  if (event.type === 'comments') {
    await db.execute(sql`select pg_notify(${LIVE_EVENT_CHANNEL}, ${JSON.stringify(message)})`);
    return;
  }
  // The same transaction tells every process's results cache (the cache bus's channel), on commit only.
  const invalidation = JSON.stringify({ cache: CAMPAIGN_RESULTS_CACHE, key: campaignId });
  await db.execute(
    sql`select pg_notify(${LIVE_EVENT_CHANNEL}, ${JSON.stringify(message)}), pg_notify(${CACHE_CHANNEL}, ${invalidation})`,
  );
}
