import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadRoute, usePreloadRoute } from './lazy-route';
import type { LazyPage, Prefetch } from './lazy-route';

function Matched({ page: Page, prefetch }: { page: LazyPage; prefetch?: Prefetch }) {
  usePreloadRoute(Page, prefetch);
  return (
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>
  );
}

describe('a matched route starts the page chunk and its data in parallel', () => {
  it('begins the chunk download and the prefetch on match, before the page renders, without waiting', async () => {
    let releaseChunk: () => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<{ Page: () => ReactNode }>(
          (resolve) => (releaseChunk = () => resolve({ Page: () => <p>page</p> })),
        ),
    );
    const Page = lazyPage(load, (m) => m.Page);
    const queryClient = new QueryClient();
    const queryFn = vi.fn(() => new Promise<string>(() => undefined));
    const prefetch: Prefetch = (client, { params }) =>
      client.prefetchQuery({ queryKey: ['thing', params.id], queryFn });

    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: '/thing/7' }).hook}>
          <Route path="/thing/:id">
            <Matched page={Page} prefetch={prefetch} />
          </Route>
        </Router>
      </QueryClientProvider>,
    );

    // Both started while the page still suspends on its chunk: no waterfall.
    expect(screen.getByText('loading')).toBeTruthy();
    // (React.lazy asks for the module too when the page renders: the same import, cached by the browser.)
    expect(load).toHaveBeenCalled();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['thing', '7'])?.fetchStatus).toBe('fetching');
    releaseChunk();
    expect(await screen.findByText('page')).toBeTruthy();
    // Re-renders of the same match (the Suspense retry) start nothing again.
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed chunk or prefetch (the page shows its own error state)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const Page = lazyPage(
      () => Promise.reject(new Error('offline')),
      () => () => null,
    );
    expect(() =>
      preloadRoute(Page, () => Promise.reject(new Error('offline')), new QueryClient(), {}),
    ).not.toThrow();
    expect(() =>
      preloadRoute(
        Page,
        () => {
          throw new Error('broken');
        },
        new QueryClient(),
        {},
      ),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
