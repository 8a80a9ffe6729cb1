import { apiRoutes, type CampaignList } from '@hanabi/api';
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

/** Open campaigns (entries accepted now), the soonest to close first. */
export const useOpenNow = () => useCampaignList('home', { status: 'live', sort: 'endingSoon' });
/** Campaigns not open yet, the soonest to open first: disjoint from `useOpenNow` by status. */
export const useStartingSoon = () => useCampaignList('home', { status: 'scheduled', sort: 'startingSoon' });
export const useFollowedCampaigns = () =>
  useCampaignList('followed', { status: 'scheduled,live', sort: 'endingSoon', followed: 'true' });

/**
 * The campaigns of `list` not already shown in an earlier section, so each campaign appears once on the home page
 * (the followed streamers' section comes first and takes its campaigns out of the open / starting-soon ones).
 */
export function notYetShown<T extends { id: string }>(
  list: readonly T[],
  shown: readonly { id: string }[],
): T[] {
  const ids = new Set(shown.map((item) => item.id));
  return list.filter((item) => !ids.has(item.id));
}
