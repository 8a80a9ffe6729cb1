import { apiRoutes, type LivePlatform } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

export const connectionsKey = ['liveConnections', 'mine'] as const;

export function useMyConnections(enabled: boolean) {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: () => callApi(apiRoutes.myConnections),
    enabled,
    retry: false,
  });
}

/** The platform's consent page that proves the identity you comment with; it sends the browser back to `returnTo`. */
export function identityConsentUrl(platform: LivePlatform, returnTo: string) {
  const route = platform === 'youtube' ? apiRoutes.youtubeChannelUrl : apiRoutes.twitcastingAccountUrl;
  return callApi(route, { query: { returnTo } });
}

export function unlinkPlatform(platform: LivePlatform) {
  return callApi(platform === 'youtube' ? apiRoutes.youtubeDisconnect : apiRoutes.twitcastingDisconnect);
}
