import type { QueryClient } from '@tanstack/react-query';

/**
 * Replaces, anywhere inside cached data, every campaign object with this id (an object carrying `id` and
 * `isWatch`). Campaigns sit in many caches — one campaign, lists, infinite pages, a streamer's profile,
 * the home page — and the watch flag must flip in all of them without a refetch (docs/original-spec.md §4).
 */
function patchDeep(value: unknown, id: string, patch: Record<string, unknown>): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const patched = patchDeep(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record.id === id && 'isWatch' in record) return { ...record, ...patch };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) {
    const patched = patchDeep(child, id, patch);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  return changed ? next : value;
}

export function setWatchInCache(queryClient: QueryClient, campaignId: string, isWatch: boolean): void {
  queryClient.setQueriesData({ predicate: () => true }, (data: unknown) =>
    data === undefined ? data : patchDeep(data, campaignId, { isWatch }),
  );
}
