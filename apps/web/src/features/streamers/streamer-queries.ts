import { apiRoutes, type StreamerProfile } from '@hanabi/api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** A streamer's public profile; shared by `useStreamerProfile` and the profile page's route prefetch. */
export function streamerProfileQuery(id: string) {
  return queryOptions({
    queryKey: ['streamers', 'one', id],
    queryFn: (): Promise<StreamerProfile> => callApi(apiRoutes.getStreamer, { params: { id } }),
    retry: false,
  });
}
