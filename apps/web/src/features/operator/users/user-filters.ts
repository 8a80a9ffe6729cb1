import type { AdminUserFilters } from './admin-users-api';

/** The list's filters live in the URL (`?q=&type=…`), so a filtered list can be shared and survives reload. */
export function filtersFromSearch(search: URLSearchParams): AdminUserFilters {
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const value = search.get(key);
    return allowed.includes(value as T) ? (value as T) : undefined;
  };
  const q = search.get('q')?.trim();
  return {
    ...(q ? { q } : {}),
    ...optional('type', pick('type', ['streamer', 'audience'] as const)),
    ...optional('role', pick('role', ['user', 'operator'] as const)),
    ...optional('platform', pick('platform', ['youtube', 'twitcasting', 'none'] as const)),
    ...optional('hasWallet', pick('hasWallet', ['true', 'false'] as const)),
    ...optional('suspended', pick('suspended', ['true', 'false'] as const)),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
