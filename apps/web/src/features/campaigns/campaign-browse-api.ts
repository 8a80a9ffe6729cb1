import { apiRoutes, type CampaignList, type LivePlatform } from '@hanabi/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type BrowseStatus = 'open' | 'live' | 'scheduled' | 'ended' | 'all';
export type BrowseSort = 'newest' | 'endingSoon' | 'startingSoon';

export interface BrowseFilters {
  q: string;
  status: BrowseStatus;
  platform: LivePlatform | 'all';
  sort: BrowseSort;
}

const STATUS_QUERY: Record<BrowseStatus, string | undefined> = {
  open: 'scheduled,live',
  live: 'live',
  scheduled: 'scheduled',
  ended: 'ended',
  all: undefined,
};

const PAGE_SIZE = 12;

/** Public campaigns for the audience, page by page (`nextCursor`), with each one's `isWatch`. */
export function useCampaignBrowse(filters: BrowseFilters) {
  return useInfiniteQuery({
    queryKey: ['campaigns', 'browse', filters],
    queryFn: ({ pageParam }: { pageParam: string | null }): Promise<CampaignList> => {
      const status = STATUS_QUERY[filters.status];
      return callApi(apiRoutes.listCampaigns, {
        query: {
          type: 'audience',
          sort: filters.sort,
          limit: PAGE_SIZE,
          ...(status ? { status } : {}),
          ...(filters.platform !== 'all' ? { platform: filters.platform } : {}),
          ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
