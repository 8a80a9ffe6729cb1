import { apiRoutes } from '@hanabi/api';
import type { Campaign, DigitalGoods } from '@hanabi/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { campaignQuery } from './campaign-queries';
import type { CallOptions } from '../../lib/api-client';

type CreateBody = NonNullable<CallOptions<typeof apiRoutes.createCampaign>['body']>;
type UpdateBody = NonNullable<CallOptions<typeof apiRoutes.updateCampaign>['body']>;

export const MY_CAMPAIGNS_KEY = ['campaigns', 'mine'] as const;

async function listMine(): Promise<Campaign[]> {
  const all: Campaign[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi(apiRoutes.listCampaigns, { query: { type: 'streamer', limit: 200, cursor } });
    all.push(...page.list);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

export function useMyCampaigns() {
  return useQuery({ queryKey: MY_CAMPAIGNS_KEY, queryFn: listMine });
}

export function useCampaign(id: string | undefined) {
  return useQuery({ ...campaignQuery(id ?? ''), enabled: Boolean(id) });
}

/** Published, visible goods: what a campaign may offer (same cache as the goods page). */
export function usePublishedGoods() {
  return useQuery({
    queryKey: ['digitalGoods', 'list'],
    queryFn: async (): Promise<DigitalGoods[]> => {
      const page = await callApi(apiRoutes.listDigitalGoods, { query: { limit: 1000 } });
      return page.list;
    },
    staleTime: Infinity,
    select: (list) => list.filter((goods) => goods.status === 'published' && !goods.hidden),
  });
}

export function useInvalidateCampaigns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
      queryClient.invalidateQueries({ queryKey: ['digitalGoods'] }),
    ]);
}

/** Creates under the form's Idempotency-Key: a repeat of the same form answers the campaign it made. */
export const createCampaign = (body: CreateBody, idempotencyKey?: string) =>
  callApi(apiRoutes.createCampaign, {
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
export const updateCampaign = (id: string, body: UpdateBody) =>
  callApi(apiRoutes.updateCampaign, { params: { id }, body });
export const deleteCampaign = (id: string) => callApi(apiRoutes.deleteCampaign, { params: { id } });
