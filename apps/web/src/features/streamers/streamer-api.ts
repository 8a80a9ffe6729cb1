import { apiRoutes, type FollowState, type StreamerList, type StreamerProfile } from '@hanabi/api';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { streamerProfileQuery } from './streamer-queries';
import { errorMessageOf, showErrorToast } from '../../lib/toast';

export type StreamerSort = 'followers' | 'activeCampaigns' | 'newest';
const PAGE_SIZE = 12;

export function useStreamerDirectory(filters: { q: string; sort: StreamerSort; following: boolean }) {
  return useInfiniteQuery({
    queryKey: ['streamers', 'list', filters],
    queryFn: ({ pageParam }: { pageParam: string | null }): Promise<StreamerList> =>
      callApi(apiRoutes.listStreamers, {
        query: {
          sort: filters.sort,
          limit: PAGE_SIZE,
          ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
          ...(filters.following ? { following: 'true' as const } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useStreamerProfile(id: string) {
  return useQuery(streamerProfileQuery(id));
}

/** Puts the new follow state into every cached card and profile of that streamer. */
function applyFollow(queryClient: QueryClient, state: FollowState) {
  const patch = { isFollowing: state.isFollowing, followerCount: state.followerCount };
  queryClient.setQueryData<StreamerProfile>(['streamers', 'one', state.streamerId], (data) =>
    data ? { ...data, streamer: { ...data.streamer, ...patch } } : data,
  );
  queryClient.setQueriesData<{ pages: StreamerList[] }>({ queryKey: ['streamers', 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((card) => (card.id === state.streamerId ? { ...card, ...patch } : card)),
          })),
        }
      : data,
  );
}

export function useFollow(streamerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? callApi(apiRoutes.followStreamer, { params: { id: streamerId } })
        : callApi(apiRoutes.unfollowStreamer, { params: { id: streamerId } }),
    onSuccess: (state) => {
      applyFollow(queryClient, state);
      // The home page's "followed streamers' campaigns" changes with it.
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'followed'] });
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
}
