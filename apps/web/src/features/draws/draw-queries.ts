import { apiRoutes } from '@hanabi/api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const drawKeys = {
  draw: (id: string) => ['draw', id] as const,
  proof: (id: string) => ['draw', id, 'proof'] as const,
  verification: (id: string) => ['draw', id, 'verification'] as const,
};

/**
 * The draw as published; polled until the beacon arrives so a waiting page turns into the result by itself.
 * Shared by `usePublicDraw` and the proof page's route prefetch (no verifier code here: the prefetch is in the entry).
 */
export function publicDrawQuery(id: string) {
  return queryOptions({
    queryKey: drawKeys.draw(id),
    queryFn: () => callApi(apiRoutes.publicDraw, { params: { id } }),
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'open' || status === 'closed' ? 5000 : false;
    },
  });
}
