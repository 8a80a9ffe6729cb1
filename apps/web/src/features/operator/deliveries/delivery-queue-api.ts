import { apiRoutes, type DeliveryStatus } from '@hanabi/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const deliveryQueueKeys = {
  all: ['admin-delivery'] as const,
  list: (status: DeliveryStatus | null) => ['admin-delivery', status ?? 'all'] as const,
};

/** The operator's queue, newest first; refreshed every few seconds while open. */
export function useDeliveryQueue(status: DeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: deliveryQueueKeys.list(status),
    queryFn: ({ pageParam }) =>
      callApi(apiRoutes.adminDeliveryQueue, {
        query: { limit: 50, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 3000,
  });
}

export const retryDelivery = (id: string) => callApi(apiRoutes.adminDeliveryRetry, { params: { id } });
export const cancelDelivery = (id: string) => callApi(apiRoutes.adminDeliveryCancel, { params: { id } });
