import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, multilineText, text } from '../string-primitives.ts';

/**
 * News from the operators (docs/original-spec.md §7: `GET /api/news` with `nextCursor`, `POST /api/news`), in
 * Japanese and, optionally, English. `publishedAt` decides who sees an item: null = a draft (or unpublished),
 * in the future = scheduled, otherwise published. Everyone reads published items; operators write and see all.
 */

export const NEWS_LIMITS = { titleMax: 120, bodyMax: 5000, defaultPageSize: 10, maxPageSize: 50 } as const;

const DateTime = text().datetime({ offset: true });

/** A published item, as anyone sees it. `titleEn`/`bodyEn` are null when there is no English text. */
export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  titleEn: z.string().nullable(),
  bodyEn: z.string().nullable(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NEWS_STATES = ['draft', 'scheduled', 'published'] as const;

/** Any item, as operators see it. */
export const NewsAdminItem = NewsItem.extend({
  publishedAt: z.string().nullable(),
  state: z.enum(NEWS_STATES),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsAdminItem = z.infer<typeof NewsAdminItem>;

export const NewsListQuery = z.object({
  /** `nextCursor` of the previous page (the original's query name). */
  nextCursor: text().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(NEWS_LIMITS.maxPageSize).default(NEWS_LIMITS.defaultPageSize),
});
export const NewsList = z.object({ list: z.array(NewsItem), nextCursor: z.string().nullable() });

export const AdminNewsListQuery = NewsListQuery.extend({ state: z.enum(NEWS_STATES).optional() });
export const AdminNewsList = z.object({ list: z.array(NewsAdminItem), nextCursor: z.string().nullable() });

/** Empty English text counts as none. */
const englishText = (max: number, lines = false) =>
  (lines ? multilineText() : text())
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

const newsFields = {
  title: text().trim().min(1).max(NEWS_LIMITS.titleMax),
  body: multilineText().trim().min(1).max(NEWS_LIMITS.bodyMax),
  titleEn: englishText(NEWS_LIMITS.titleMax),
  bodyEn: englishText(NEWS_LIMITS.bodyMax, true),
  /** null: draft / unpublish; a future time: schedule; now or earlier: published. */
  publishedAt: DateTime.nullable(),
};

export const CreateNewsBody = z.object({
  ...newsFields,
  titleEn: newsFields.titleEn.default(null),
  bodyEn: newsFields.bodyEn.default(null),
  publishedAt: newsFields.publishedAt.default(null),
});
export type CreateNewsBody = z.input<typeof CreateNewsBody>;

export const UpdateNewsBody = z
  .object(newsFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one field to change',
  });
export type UpdateNewsBody = z.input<typeof UpdateNewsBody>;

export const NewsIdParams = z.object({ id: entityId() });

export const newsRoutes = {
  listNews: defineRoute({
    method: 'GET',
    path: '/api/news',
    access: 'public',
    summary: 'Published news, newest first (cursor paging with nextCursor)',
    query: NewsListQuery,
    response: NewsList,
  }),
  createNews: defineRoute({
    method: 'POST',
    path: '/api/news',
    access: 'operator',
    summary: 'Write news: a draft (publishedAt null), published now, or scheduled (a future publishedAt)',
    body: CreateNewsBody,
    response: NewsAdminItem,
    successStatus: 201,
  }),
  updateNews: defineRoute({
    method: 'PUT',
    path: '/api/news/:id',
    access: 'operator',
    summary: 'Edit, schedule or unpublish (publishedAt null) news',
    params: NewsIdParams,
    body: UpdateNewsBody,
    response: NewsAdminItem,
  }),
  deleteNews: defineRoute({
    method: 'DELETE',
    path: '/api/news/:id',
    access: 'operator',
    summary: 'Delete news',
    params: NewsIdParams,
    response: z.null(),
    successStatus: 204,
  }),
  adminListNews: defineRoute({
    method: 'GET',
    path: '/api/admin/news',
    access: 'operator',
    summary: 'Every news item incl. drafts and scheduled ones, newest first',
    query: AdminNewsListQuery,
    response: AdminNewsList,
  }),
};
