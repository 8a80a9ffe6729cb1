import { apiRoutes } from '@hanabi/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const newsKeys = { published: ['news', 'published'] as const };

/** `GET /api/news`, page by page (`nextCursor`). */
export function usePublishedNews(pageSize = 3) {
  return useInfiniteQuery({
    queryKey: [...newsKeys.published, pageSize],
    queryFn: ({ pageParam }) =>
      callApi(apiRoutes.listNews, {
        query: { limit: pageSize, ...(pageParam ? { nextCursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
