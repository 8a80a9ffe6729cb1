import { apiRoutes, type Collection } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/** A person's collection (`GET /api/collection/{userId}`): the collection page and the audience home's recent prizes. */
export function useCollection(userId: string | undefined) {
  return useQuery({
    queryKey: ['collection', 'of', userId],
    queryFn: (): Promise<Collection> =>
      callApi(apiRoutes.getCollection, { params: { userId: userId ?? '' } }),
    enabled: Boolean(userId),
    retry: false,
  });
}
