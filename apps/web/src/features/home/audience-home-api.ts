import { apiRoutes, type CampaignList, type Collection } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

const SHOWN = 6;

/** Campaign lists of the home page; under `campaigns` so watch flips and refreshes reach them too. */
function useCampaignList(name: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: ['campaigns', name, query],
    queryFn: (): Promise<CampaignList> =>
      callApi(apiRoutes.listCampaigns, { query: { type: 'audience', limit: SHOWN, ...query } }),
  });
}

export const useLiveNow = () => useCampaignList('home', { status: 'live', sort: 'endingSoon' });
export const useEndingSoon = () => useCampaignList('home', { status: 'scheduled,live', sort: 'endingSoon' });
export const useFollowedCampaigns = () =>
  useCampaignList('followed', { status: 'scheduled,live', sort: 'endingSoon', followed: 'true' });

export function useRecentPrizes(userId: string | undefined) {
  return useQuery({
    queryKey: ['collection', 'of', userId],
    queryFn: (): Promise<Collection> =>
      callApi(apiRoutes.getCollection, { params: { userId: userId ?? '' } }),
    enabled: Boolean(userId),
    retry: false,
  });
}
