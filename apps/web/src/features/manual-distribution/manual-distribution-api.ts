import { apiRoutes, type ManualDistributionBody } from '@hanabi/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const distributionKeys = {
  all: ['manualDistribution'] as const,
  list: ['manualDistribution', 'list'] as const,
  detail: (id: string) => ['manualDistribution', 'detail', id] as const,
};

export const previewDistribution = (body: ManualDistributionBody) =>
  callApi(apiRoutes.manualDistributionPreview, { body });

/**
 * Sends the distribution under an idempotency key chosen when the preview was made, so a double click or a
 * retry after a dropped answer records it once (the server replays the first answer).
 */
export function sendDistribution(body: ManualDistributionBody, idempotencyKey: string) {
  return callApi(apiRoutes.manualDistributionCreate, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useDistributionHistory() {
  return useInfiniteQuery({
    queryKey: distributionKeys.list,
    queryFn: ({ pageParam }) =>
      callApi(apiRoutes.manualDistributionList, {
        query: { limit: 10, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One distribution; polled while its deliveries are on their way. */
export function useDistribution(id: string) {
  return useQuery({
    queryKey: distributionKeys.detail(id),
    queryFn: () => callApi(apiRoutes.manualDistributionGet, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.distribution.status === 'delivering' ? 1500 : false),
  });
}
