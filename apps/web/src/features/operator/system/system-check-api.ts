import { apiRoutes } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * The doctor's report (`GET /api/admin/doctor`). Each run writes a probe to S3 and IPFS and talks to every outside
 * system, so it runs when the page opens and when the operator asks again — never on focus or on a timer.
 */
export function useSystemCheck() {
  return useQuery({
    queryKey: ['admin-doctor'],
    queryFn: () => callApi(apiRoutes.adminDoctor),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
