import type { NewsAdminItem, NewsItem } from '@hanabi/api';
import type { NewsRow, NewsState, NewsWithAuthor } from './news.repository.ts';

export function newsState(publishedAt: Date | null, now: Date): NewsState {
  if (!publishedAt) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** A published row as anyone sees it. */
export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    titleEn: row.titleEn,
    bodyEn: row.bodyEn,
    publishedAt: row.publishedAt!.toISOString(),
  };
}

/** Any row as operators see it. */
export function toNewsAdminItem(row: NewsWithAuthor, now: Date): NewsAdminItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    titleEn: row.titleEn,
    bodyEn: row.bodyEn,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    state: newsState(row.publishedAt, now),
    author: row.authorId && row.authorName ? { id: row.authorId, name: row.authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
