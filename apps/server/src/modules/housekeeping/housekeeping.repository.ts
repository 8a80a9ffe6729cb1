import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSession, authVerification, idempotencyRecord, liveComment } from '../../db/schema.ts';

export class HousekeepingRepository {
  constructor(private readonly db: Db) {}

  /** Deletes remembered idempotent answers whose time is up; returns how many went. */
  async deleteExpiredIdempotencyRecords(now: Date): Promise<number> {
    const deleted = await this.db
      .delete(idempotencyRecord)
      .where(lt(idempotencyRecord.expiresAt, now))
      .returning({ key: idempotencyRecord.key });
    return deleted.length;
  }

  /** Expired sign-in links and OAuth states, and expired sessions (better-auth leaves them behind). */
  async deleteExpiredAuthRows(now: Date): Promise<{ verifications: number; sessions: number }> {
    const verifications = await this.db
      .delete(authVerification)
      .where(lt(authVerification.expiresAt, now))
      .returning({ id: authVerification.id });
    const sessions = await this.db
      .delete(authSession)
      .where(lt(authSession.expiresAt, now))
      .returning({ id: authSession.id });
    return { verifications: verifications.length, sessions: sessions.length };
  }

  /**
   * Comments of chats no campaign's stream reads any more (their campaigns were deleted). Stored once per chat
   * (decision 0173), they no longer go with a stream's row; a chat still read by any campaign keeps all of its.
   */
  async deleteUnreadChatComments(): Promise<number> {
    const deleted = await this.db
      .delete(liveComment)
      .where(
        sql`not exists (select 1 from live_stream s
          where s.platform = ${liveComment.platform} and s.broadcast_id = ${liveComment.broadcastId})`,
      )
      .returning({ id: liveComment.id });
    return deleted.length;
  }

  async countIdempotencyRecords(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(idempotencyRecord);
    return row?.count ?? 0;
  }
}
