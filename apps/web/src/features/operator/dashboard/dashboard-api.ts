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
