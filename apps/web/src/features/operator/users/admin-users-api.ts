import { apiRoutes, type AdminUserListQuery } from '@hanabi/api';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const adminUserKeys = {
  all: ['admin-user'] as const,
  list: (filters: AdminUserFilters) => ['admin-user', 'list', filters] as const,
  detail: (id: string) => ['admin-user', 'detail', id] as const,
};

export type AdminUserFilters = Omit<AdminUserListQuery, 'cursor' | 'limit'>;

export function useAdminUsers(filters: AdminUserFilters) {
  return useInfiniteQuery({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ pageParam }) =>
      callApi(apiRoutes.adminListUsers, {
        query: { ...filters, limit: 30, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserKeys.detail(id),
    queryFn: () => callApi(apiRoutes.adminGetUser, { params: { id } }),
    retry: false,
  });
}

export function useAdminUserWrites(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
  return {
    setRole: useMutation({
      mutationFn: (role: 'user' | 'operator') =>
        callApi(apiRoutes.adminSetUserRole, { params: { id }, body: { role } }),
      onSuccess,
    }),
    setSuspended: useMutation({
      mutationFn: (suspended: boolean) =>
        callApi(apiRoutes.adminSetUserSuspension, { params: { id }, body: { suspended } }),
      onSuccess,
    }),
  };
}
