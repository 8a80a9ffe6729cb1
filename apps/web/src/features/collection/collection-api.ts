import { apiRoutes, type CollectionItemPage } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export function useCollectionItem(id: string) {
  return useQuery({
    queryKey: ['collection', 'item', id],
    queryFn: (): Promise<CollectionItemPage> => callApi(apiRoutes.getCollectionItem, { params: { id } }),
    retry: false,
  });
}
