import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useParams } from 'wouter';
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

/** The route's params (`/campaign/:id` → `{ id }`). */
export type RouteParams = Record<string, string | undefined>;

/** Starts a page's data requests; never awaited (a failed prefetch leaves the page's own query to retry). */
export type Prefetch = (queryClient: QueryClient, args: { params: RouteParams }) => Promise<unknown> | void;

/** The route last started, so re-renders (Suspense retries, StrictMode) do not start it again. */
let started: { page: unknown; queryClient: QueryClient; params: string } | null = null;

/**
 * What the route loaders did before wouter (decisions 0082 and 0195, issue 16): when a route matches, begin
 * downloading the page chunk and, when given, the page's data, in parallel, before the session check, the layout
 * or the lazy page render (no waterfall behind any of them). Returns at once; the layouts' Suspense shows the
 * loader as before. Once per match: a new route, new params or a new QueryClient (a test's app) start it again.
 */
export function preloadRoute(
  page: Pick<LazyPage, 'preload'>,
  prefetch: Prefetch | undefined,
  queryClient: QueryClient,
  params: RouteParams,
): void {
  const key = JSON.stringify(params);
  if (started?.page === page && started.queryClient === queryClient && started.params === key) return;
  started = { page, queryClient, params: key };
  page.preload().catch(() => undefined);
  if (prefetch) {
    try {
      Promise.resolve(prefetch(queryClient, { params })).catch(() => undefined);
    } catch {
      // A prefetch that throws at once is swallowed too: the page's own query shows its error state.
    }
  }
}

/** `preloadRoute` for the matched route, during its first render (`RoutePage`, above the guards and layouts). */
export function usePreloadRoute(page: Pick<LazyPage, 'preload'>, prefetch?: Prefetch): void {
  const queryClient = useQueryClient();
  const params = useParams();
  preloadRoute(page, prefetch, queryClient, params);
}
