import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { loadLocale } from '../lib/i18n';

/** A page component in its own chunk; `preload()` starts downloading that chunk without rendering it. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * A page module loaded on first visit (its own chunk); the layouts hold the Suspense boundary. A page outside the
 * first load also waits for the messages the build left out of it (decision 0190), fetched in parallel; a public
 * page a visitor lands on from a link (`firstLoad`, the build's `FIRST_LOAD_PAGES`) has its messages already.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { firstLoad = false }: { firstLoad?: boolean } = {},
): LazyPage<P> {
  const loadPage = firstLoad ? load : () => Promise.all([load(), loadLocale()]).then(([module]) => module);
  return Object.assign(
    lazy(async () => ({ default: pick(await loadPage()) })),
    { preload: loadPage },
  );
}

/**
 * The QueryClient route loaders prefetch into: the app's own (set before its router is created), so the page's
 * `useQuery` finds the request already running.
 */
let loaderQueryClient: QueryClient | null = null;

export function setLoaderQueryClient(queryClient: QueryClient): void {
  loaderQueryClient = queryClient;
}

/** Starts a page's data requests; never awaited (a failed prefetch leaves the page's own query to retry). */
export type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown> | void;

/**
 * The loader of every page route: at navigation start it begins downloading the page chunk and, when given,
 * the page's data, in parallel (no waterfall behind the entry, the session check or the chunk). It returns at
 * once, so the route renders without waiting and the layouts' Suspense shows the loader as before.
 */
export function preload(page: Pick<LazyPage, 'preload'>, prefetch?: Prefetch): LoaderFunction {
  return (args) => {
    page.preload().catch(() => undefined);
    if (prefetch && loaderQueryClient) {
      Promise.resolve(prefetch(loaderQueryClient, args)).catch(() => undefined);
    }
    return null;
  };
}
