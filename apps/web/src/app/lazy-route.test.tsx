import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preload, setLoaderQueryClient } from './lazy-route';

const args = (params: Record<string, string>) =>
  ({ params, request: new Request('http://x/'), context: undefined }) as unknown as LoaderFunctionArgs;

describe('route loaders start the page chunk and its data in parallel', () => {
  it('begins the chunk download and the prefetch without waiting for either', async () => {
    let releaseChunk: () => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<{ Page: () => null }>((resolve) => (releaseChunk = () => resolve({ Page: () => null }))),
    );
    const Page = lazyPage(load, (m) => m.Page);
    const queryClient = new QueryClient();
    setLoaderQueryClient(queryClient);
    const queryFn = vi.fn(() => new Promise<string>(() => undefined));
    const loader = preload(Page, (client, { params }) =>
      client.prefetchQuery({ queryKey: ['thing', params.id], queryFn }),
    );

    const result = await loader(args({ id: '7' }));

    expect(result).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['thing', '7'])?.fetchStatus).toBe('fetching');
    releaseChunk();
  });

  it('swallows a failed chunk or prefetch (the page shows its own error state)', async () => {
    const Page = lazyPage(
      () => Promise.reject(new Error('offline')),
      () => () => null,
    );
    setLoaderQueryClient(new QueryClient());
    const loader = preload(Page, () => Promise.reject(new Error('offline')));
    await expect(Promise.resolve(loader(args({})))).resolves.toBeNull();
  });
});
