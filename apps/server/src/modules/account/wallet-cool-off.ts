import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { walletChange } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;

/**
 * Until when held prizes must wait before they go to this person's current wallet address (decision 0063):
 * the end of the cool-off after a replacement that has not been undone, or null when they may go now (a first
 * address, or the cool-off is over). The delivery module asks this before it releases held prizes.
 */
export async function walletCoolOffUntil(db: Reader, userId: string, now = new Date()): Promise<Date | null> {
  const [latest] = await db
    .select({ releaseAfter: walletChange.releaseAfter })
    .from(walletChange)
    .where(
      and(eq(walletChange.userId, userId), isNull(walletChange.undoneAt), gt(walletChange.releaseAfter, now)),
    )
    .orderBy(desc(walletChange.releaseAfter))
    .limit(1);
  return latest?.releaseAfter ?? null;
}
