import { apiRoutes } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/** `GET /api/config` (mode, chain id, redirect allow-list), read once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => callApi(apiRoutes.publicConfig),
    staleTime: Infinity,
    retry: false,
  });
}

/** `GET /api/auth/providers`: which of Google and X this server offers (e-mail links always). */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => callApi(apiRoutes.authProviders),
    staleTime: Infinity,
    retry: false,
  });
}
