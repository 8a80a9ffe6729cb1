import { apiRoutes } from '@hanabi/api';
import type { DigitalGoods } from '@hanabi/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import type { CallOptions } from './api-client';

type CreateBody = NonNullable<CallOptions<typeof apiRoutes.createDigitalGoods>['body']>;
type UpdateBody = NonNullable<CallOptions<typeof apiRoutes.updateDigitalGoods>['body']>;

/** Query key of the streamer's goods list (shared by name with the streamer home and campaign pickers). */
export const GOODS_LIST_KEY = ['digitalGoods', 'list'] as const;

async function listAllGoods(): Promise<DigitalGoods[]> {
  const all: DigitalGoods[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi(apiRoutes.listDigitalGoods, { query: { limit: 200, cursor } });
    all.push(...page.list);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** The streamer's goods, loaded once and kept in memory (as the original); writes refresh it. */
export function useGoodsList() {
  return useQuery({ queryKey: GOODS_LIST_KEY, queryFn: listAllGoods, staleTime: Infinity });
}

export function useInvalidateGoods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['digitalGoods'] });
}

/** Creates goods; the form's Idempotency-Key makes a repeat (Back + submit, a double click) answer the same goods. */
export const createGoods = (body: CreateBody, idempotencyKey?: string) =>
  callApi(apiRoutes.createDigitalGoods, {
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
export const updateGoods = (id: string, body: UpdateBody) =>
  callApi(apiRoutes.updateDigitalGoods, { params: { id }, body });
export const deleteGoods = (id: string) => callApi(apiRoutes.deleteDigitalGoods, { params: { id } });
export const publishGoods = (id: string) => callApi(apiRoutes.publishDigitalGoods, { params: { id } });
