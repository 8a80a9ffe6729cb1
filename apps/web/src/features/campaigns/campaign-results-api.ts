import { apiRoutes, type LiveEvent } from '@hanabi/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../lib/api-client';

export const resultsKey = (campaignId: string) => ['campaignResults', campaignId] as const;
export const myResultsKey = (campaignId: string) => ['campaignResults', campaignId, 'mine'] as const;

/** The public results: the same for everyone (the server may cache it), refetched on live events. */
export function useCampaignResults(campaignId: string) {
  return useQuery({
    queryKey: resultsKey(campaignId),
    queryFn: () => callApi(apiRoutes.campaignResults, { params: { id: campaignId } }),
    retry: false,
  });
}

/** States a prize passes through on its own: the page asks again until it settles. */
const MOVING = new Set(['queued', 'submitted']);

/** The signed-in viewer's own wins in the campaign (never asked when signed out). */
export function useMyCampaignResults(campaignId: string, signedIn: boolean) {
  return useQuery({
    queryKey: myResultsKey(campaignId),
    queryFn: () => callApi(apiRoutes.myCampaignResults, { params: { id: campaignId } }),
    enabled: signedIn,
    retry: false,
    // A delivery moves without the viewer doing anything; follow it while it does.
    refetchInterval: (query) => (query.state.data?.wins.some((win) => MOVING.has(win.status)) ? 4000 : false),
  });
}

/** What a live event means for the results: any draw's new state (every one is shown) or changed winners. */
export function useResultsRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: resultsKey(campaignId) });
  }, [queryClient, campaignId]);
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'winners' || event.type === 'draw') refresh();
    },
    [refresh],
  );
  return { refresh, onEvent };
}
