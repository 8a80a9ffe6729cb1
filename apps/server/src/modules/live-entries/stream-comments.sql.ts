import { sql, type SQL } from 'drizzle-orm';

/**
 * Which stored comments a campaign's stream sees (decision 0173). Comments are stored once per live chat
 * (platform + broadcast), however many campaigns read it; a stream on that chat sees the chat's comments stored
 * (`created_at`, this server's clock, as `ended_at` is) up to its end — all of them while it is read — and each
 * campaign applies its own entry rule to them. The platform's `published_at` is not compared here: its clock is not
 * ours (a draw's freeze adds it as a bound of its own, decision 0204).
 * `stream` and `comment` are the aliases of `live_stream` and `live_comment` in the caller's query.
 */
export function streamSeesComment(stream: string, comment: string): SQL {
  return sql.raw(
    `(${comment}.platform = ${stream}.platform and ${comment}.broadcast_id = ${stream}.broadcast_id
      and (${stream}.ended_at is null or ${comment}.created_at <= ${stream}.ended_at))`,
  );
}

/** A condition on `live_comment` (unaliased): the comments the stream `streamId` sees. */
export function commentOfStream(streamId: string): SQL {
  return sql`exists (select 1 from live_stream cs where cs.id = ${streamId}
    and ${streamSeesComment('cs', 'live_comment')})`;
}
