import { apiRoutes, type AnalyticsDashboardQuery } from '@hanabi/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function useDashboard(query: AnalyticsDashboardQuery | null) {
  return useQuery({
    queryKey: ['admin-analytics', query],
    queryFn: () => callApi(apiRoutes.adminAnalyticsDashboard, { query: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The Google project's YouTube quota today (all streams and calls); the pace moves, so it is re-read. */
export function useProjectQuota() {
  return useQuery({
    queryKey: ['admin-youtube-quota'],
    queryFn: () => callApi(apiRoutes.adminYouTubeQuota),
    refetchInterval: 60_000,
    retry: false,
  });
}
