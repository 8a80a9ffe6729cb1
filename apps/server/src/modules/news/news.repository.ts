import crypto from 'node:crypto';
import { and, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, news } from '../../db/schema.ts';

export type NewsRow = typeof news.$inferSelect;
export type NewsWithAuthor = NewsRow & { authorName: string | null };
export type NewsState = 'draft' | 'scheduled' | 'published';
export type NewsValues = Pick<NewsRow, 'title' | 'body' | 'titleEn' | 'bodyEn' | 'publishedAt'>;

/** The `news` table. Times are written by this process in milliseconds, so keyset cursors round-trip exactly. */
export class NewsRepository {
  constructor(private readonly db: Db) {}

  /** Published items (not drafts, not scheduled), newest publication first, after the cursor position. */
  async listPublished(
    now: Date,
    limit: number,
    after?: { publishedAt: Date; id: string },
  ): Promise<NewsRow[]> {
    const conditions: SQL[] = [isNotNull(news.publishedAt), lte(news.publishedAt, now)];
    if (after) {
      conditions.push(
        or(
          lt(news.publishedAt, after.publishedAt),
          and(eq(news.publishedAt, after.publishedAt), lt(news.id, after.id)),
        )!,
      );
    }
    return this.db
      .select()
      .from(news)
      .where(and(...conditions))
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(limit);
  }

  /** Every item, newest written first, optionally of one state. */
  async listAll(
    now: Date,
    limit: number,
    state: NewsState | undefined,
    after?: { createdAt: Date; id: string },
  ): Promise<NewsWithAuthor[]> {
    const conditions: SQL[] = [];
    if (state === 'draft') conditions.push(isNull(news.publishedAt));
    if (state === 'scheduled') conditions.push(gt(news.publishedAt, now));
    if (state === 'published') conditions.push(lte(news.publishedAt, now));
    if (after) {
      conditions.push(
        or(
          lt(news.createdAt, after.createdAt),
          and(eq(news.createdAt, after.createdAt), lt(news.id, after.id)),
        )!,
      );
    }
    return this.withAuthor()
      .where(and(...conditions))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(limit);
  }

  async find(id: string): Promise<NewsWithAuthor | null> {
    const [row] = await this.withAuthor().where(eq(news.id, id));
    return row ?? null;
  }

  async create(values: NewsValues, authorId: string): Promise<string> {
    const id = crypto.randomUUID();
    const now = new Date();
    await this.db.insert(news).values({ id, ...values, authorId, createdAt: now, updatedAt: now });
    return id;
  }

  /** Returns false when there is no such item. */
  async update(id: string, values: Partial<NewsValues>): Promise<boolean> {
    const rows = await this.db
      .update(news)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(news.id, id))
      .returning({ id: news.id });
    return rows.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
    return rows.length > 0;
  }

  private withAuthor() {
    return this.db
      .select({ ...getTableColumns(news), authorName: appUser.name })
      .from(news)
      .leftJoin(appUser, eq(appUser.id, news.authorId))
      .$dynamic();
  }
}
