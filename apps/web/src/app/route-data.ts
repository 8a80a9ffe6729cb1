import type { Prefetch } from './lazy-route';
import { campaignQuery } from '../features/campaigns/campaign-queries';
import { resultsKey } from '../features/campaigns/campaign-results-api';
import { hasSessionHint, takePageData } from '../lib/page-data';
import { publicDrawQuery } from '../features/draws/draw-queries';
import { streamerProfileQuery } from '../features/streamers/streamer-queries';

/**
 * Data the public landing pages need first, fetched when their route matches (`usePreloadRoute`) while the page
 * chunk downloads (the same query options as the pages' hooks, so `useQuery` picks the request up). Keep these
 * imports light: they are part of the entry chunk.
 */
export const prefetchCampaignPage: Prefetch = (queryClient, { params }) => {
  if (!params.id) return undefined;
  // The page came with the campaign's public body (decision 0113): signed out, that is exactly what the API
  // would answer, so there is nothing to ask. Signed in, the API's answer carries the viewer's own bits.
  // Its public results are the same for everyone, signed in or not (live events refetch them).
  const results = takePageData('results');
  if (results?.campaignId === params.id) queryClient.setQueryData(resultsKey(params.id), results);
  const served = takePageData('campaign');
  if (served?.id === params.id && !hasSessionHint()) {
    queryClient.setQueryData(campaignQuery(params.id).queryKey, served);
    return undefined;
  }
  return queryClient.prefetchQuery(campaignQuery(params.id));
};

export const prefetchDrawPage: Prefetch = (queryClient, { params }) => {
  if (!params.id) return undefined;
  // The page came with the draw it drew first (decision 0194): the same for everyone, so nothing to ask, and
  // React's first render is the server's paint (no loader in between, nothing shifts).
  const served = takePageData('draw');
  if (served?.id === params.id) {
    queryClient.setQueryData(publicDrawQuery(params.id).queryKey, served);
    return undefined;
  }
  return queryClient.prefetchQuery(publicDrawQuery(params.id));
};

export const prefetchStreamerPage: Prefetch = (queryClient, { params }) =>
  params.id ? queryClient.prefetchQuery(streamerProfileQuery(params.id)) : undefined;
