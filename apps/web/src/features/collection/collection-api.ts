import { apiRoutes, type Collection, type CollectionItemPage } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export function useCollection(userId: string | undefined) {
  return useQuery({
    queryKey: ['collection', 'of', userId],
    queryFn: (): Promise<Collection> =>
      callApi(apiRoutes.getCollection, { params: { userId: userId ?? '' } }),
    enabled: Boolean(userId),
    retry: false,
  });
}

export function useCollectionItem(id: string) {
  return useQuery({
    queryKey: ['collection', 'item', id],
    queryFn: (): Promise<CollectionItemPage> => callApi(apiRoutes.getCollectionItem, { params: { id } }),
    retry: false,
  });
}
