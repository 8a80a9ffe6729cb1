import type { AdminNewsList, NewsAdminItem, NewsList } from '@hanabi/api';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { toNewsAdminItem, toNewsItem } from './news.mapper.ts';
import type { NewsRepository, NewsState, NewsValues } from './news.repository.ts';

export interface NewsInput {
  title?: string;
  body?: string;
  titleEn?: string | null;
  bodyEn?: string | null;
  publishedAt?: string | null;
}

function toValues(input: NewsInput): Partial<NewsValues> {
  const values: Partial<NewsValues> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.body !== undefined) values.body = input.body;
  if (input.titleEn !== undefined) values.titleEn = input.titleEn;
  if (input.bodyEn !== undefined) values.bodyEn = input.bodyEn;
  if (input.publishedAt !== undefined) {
    values.publishedAt = input.publishedAt === null ? null : new Date(input.publishedAt);
  }
  return values;
}

const missing = () => notFound('newsNotFound', 'There is no such news item.');

/** The original names the news cursor `nextCursor`; the 400 names that field. */
function decodeNewsCursor(cursor: string): { at: Date; id: string } {
  try {
    const { sortValue, id } = decodeCursor(cursor);
    return { at: cursorDate(sortValue), id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid: query.nextCursor.', [
      { field: 'query.nextCursor', message: 'is not a cursor this list gave out' },
    ]);
  }
}

/** News: the public list, and the operators' desk (write, schedule, unpublish, delete). */
export class NewsService {
  constructor(
    private readonly news: NewsRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async listPublished(limit: number, cursor?: string): Promise<z.input<typeof NewsList>> {
    const after = cursor ? decodeNewsCursor(cursor) : undefined;
    const rows = await this.news.listPublished(
      this.clock(),
      limit + 1,
      after ? { publishedAt: after.at, id: after.id } : undefined,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      list: page.map(toNewsItem),
      nextCursor: rows.length > limit && last ? encodeCursor(last.publishedAt!.toISOString(), last.id) : null,
    };
  }

  async listAll(limit: number, state?: NewsState, cursor?: string): Promise<z.input<typeof AdminNewsList>> {
    const now = this.clock();
    const after = cursor ? decodeNewsCursor(cursor) : undefined;
    const rows = await this.news.listAll(
      now,
      limit + 1,
      state,
      after ? { createdAt: after.at, id: after.id } : undefined,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      list: page.map((row) => toNewsAdminItem(row, now)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
    };
  }

  async create(input: NewsInput & { title: string; body: string }, authorId: string): Promise<NewsAdminItem> {
    const id = await this.news.create(
      { titleEn: null, bodyEn: null, publishedAt: null, ...toValues(input) } as NewsValues,
      authorId,
    );
    return this.get(id);
  }

  async update(id: string, input: NewsInput): Promise<NewsAdminItem> {
    if (!(await this.news.update(id, toValues(input)))) throw missing();
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.news.delete(id))) throw missing();
  }

  private async get(id: string): Promise<NewsAdminItem> {
    const row = await this.news.find(id);
    if (!row) throw missing();
    return toNewsAdminItem(row, this.clock());
  }
}
