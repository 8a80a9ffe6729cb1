import type { Prefetch } from './lazy-route';
import { campaignQuery } from '../features/campaigns/campaign-queries';
import { publicDrawQuery } from '../features/draws/draw-queries';
import { streamerProfileQuery } from '../features/streamers/streamer-queries';

/**
 * Data the public landing pages need first, fetched by their route loader while the page chunk downloads
 * (the same query options as the pages' hooks, so `useQuery` picks the request up). Keep these imports light:
 * they are part of the entry chunk.
 */
export const prefetchCampaignPage: Prefetch = (queryClient, { params }) =>
  params.id ? queryClient.prefetchQuery(campaignQuery(params.id)) : undefined;

export const prefetchDrawPage: Prefetch = (queryClient, { params }) =>
  params.id ? queryClient.prefetchQuery(publicDrawQuery(params.id)) : undefined;

export const prefetchStreamerPage: Prefetch = (queryClient, { params }) =>
  params.id ? queryClient.prefetchQuery(streamerProfileQuery(params.id)) : undefined;
