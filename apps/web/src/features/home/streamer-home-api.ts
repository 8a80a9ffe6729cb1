import { apiRoutes } from '@hanabi/api';
import type { Campaign, DigitalGoods } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** The same caches as the goods and campaign pages (keys shared by name; features do not import each other). */
export function useHomeGoods() {
  return useQuery({
    queryKey: ['digitalGoods', 'list'],
    queryFn: async (): Promise<DigitalGoods[]> =>
      (await callApi(apiRoutes.listDigitalGoods, { query: { limit: 1000 } })).list,
    staleTime: Infinity,
  });
}

export function useHomeCampaigns() {
  return useQuery({
    queryKey: ['campaigns', 'mine'],
    queryFn: async (): Promise<Campaign[]> =>
      (await callApi(apiRoutes.listCampaigns, { query: { type: 'streamer', limit: 1000 } })).list,
  });
}
