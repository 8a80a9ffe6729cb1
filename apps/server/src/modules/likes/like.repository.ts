import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { delivery, heldClaim, like } from '../../db/schema.ts';
import { writeNotifications, type NewNotification } from '../notifications/index.ts';

export type LikeKind = 'campaign' | 'token';

/** Likes (`like`) on campaigns and tokens, and who holds a token (whom a like on it concerns). */
export class LikeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the like; only when it is new, writes the notifications it causes in the same transaction. They are
   * worked out before it opens: on PGlite's single connection a query outside an open transaction waits forever.
   */
  async add(
    userId: string,
    kind: LikeKind,
    targetId: string,
    notifications: NewNotification[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(like)
        .values({ userId, targetKind: kind, targetId })
        .onConflictDoNothing()
        .returning({ userId: like.userId });
      if (inserted.length > 0) await writeNotifications(tx, notifications);
    });
  }

  async remove(userId: string, kind: LikeKind, targetId: string): Promise<void> {
    await this.db
      .delete(like)
      .where(and(eq(like.userId, userId), eq(like.targetKind, kind), eq(like.targetId, targetId)));
  }

  async state(kind: LikeKind, targetId: string, userId: string | null) {
    const target = and(eq(like.targetKind, kind), eq(like.targetId, targetId));
    const [total] = await this.db.select({ n: count() }).from(like).where(target);
    const mine = userId
      ? await this.db
          .select({ userId: like.userId })
          .from(like)
          .where(and(target, eq(like.userId, userId)))
      : [];
    return { likeCount: total?.n ?? 0, isLiked: mine.length > 0 };
  }

  /**
   * Hanabi users who hold (or are about to hold) copies of these goods: a delivery that is not cancelled or
   * failed, or a claim held for them. At most `limit` of them.
   */
  async holderIds(goodsId: string, limit: number): Promise<string[]> {
    const delivered = this.db
      .selectDistinct({ userId: delivery.recipientUserId })
      .from(delivery)
      .where(
        and(
          eq(delivery.digitalGoodsId, goodsId),
          isNotNull(delivery.recipientUserId),
          inArray(delivery.status, ['queued', 'submitted', 'confirmed']),
        ),
      );
    const held = this.db
      .selectDistinct({ userId: heldClaim.userId })
      .from(heldClaim)
      .where(
        and(eq(heldClaim.digitalGoodsId, goodsId), isNotNull(heldClaim.userId), eq(heldClaim.status, 'held')),
      );
    const rows = await union(delivered, held).limit(limit);
    return rows.map((row) => row.userId).filter((id): id is string => id !== null);
  }
}
