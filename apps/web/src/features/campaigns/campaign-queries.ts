import { apiRoutes } from '@hanabi/api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** One campaign (public read); shared by `useCampaign` and the campaign page's route prefetch. */
export function campaignQuery(id: string) {
  return queryOptions({
    queryKey: ['campaigns', 'one', id],
    queryFn: () => callApi(apiRoutes.getCampaign, { params: { id } }),
    retry: false,
  });
}
