import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyRecord } from '../../db/schema.ts';

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

  async countIdempotencyRecords(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(idempotencyRecord);
    return row?.count ?? 0;
  }
}
