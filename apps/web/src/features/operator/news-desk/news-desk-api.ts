import { apiRoutes, type CreateNewsBody, type UpdateNewsBody } from '@hanabi/api';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every news write invalidates `['news']`: the desk's list and the home pages' sections. */
const NEWS = ['news'] as const;
export const newsDeskKeys = { all: ['news', 'desk'] as const };

export function useNewsDesk() {
  return useInfiniteQuery({
    queryKey: newsDeskKeys.all,
    queryFn: ({ pageParam }) =>
      callApi(apiRoutes.adminListNews, {
        query: { limit: 20, ...(pageParam ? { nextCursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useNewsWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: NEWS });
  return {
    create: useMutation({
      mutationFn: (body: CreateNewsBody) => callApi(apiRoutes.createNews, { body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateNewsBody }) =>
        callApi(apiRoutes.updateNews, { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callApi(apiRoutes.deleteNews, { params: { id } }),
      onSuccess,
    }),
  };
}
