import { apiRoutes } from '@hanabi/api';
import type { DrawProof, verifyDraw } from '@hanabi/draw';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { drawKeys, publicDrawQuery } from './draw-queries';

export { drawKeys };

export function usePublicDraw(id: string) {
  return useQuery(publicDrawQuery(id));
}

/** The proof exists once the draw is revealed (409 before). */
export function useDrawProof(id: string, revealed: boolean) {
  return useQuery({
    queryKey: drawKeys.proof(id),
    queryFn: () => callApi(apiRoutes.drawProof, { params: { id } }),
    enabled: revealed,
    retry: false,
    staleTime: Infinity,
  });
}

type Verification = Awaited<ReturnType<typeof verifyDraw>>;

/** In a Web Worker when the browser has them (the page stays responsive); on this thread otherwise. */
async function verifyInBrowser(proof: DrawProof, rpcUrl: string | null): Promise<Verification> {
  if (typeof Worker === 'undefined') {
    // A macrotask first, so the page paints its progress indicator before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Loaded only here: the verifier (with its BLS12-381 pairing) stays out of the page's own chunk.
    return (await import('./verify-draw.worker')).verifyRequest({ proof, rpcUrl });
  }
  const worker = new Worker(new URL('./verify-draw.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<Verification>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ result?: Verification; error?: string }>) =>
        event.data.result ? resolve(event.data.result) : reject(new Error(event.data.error));
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ proof, rpcUrl });
    });
  } finally {
    worker.terminate();
  }
}

/**
 * Recomputes the draw in this browser with the same library the server drew with, reading its public record (when
 * it has one) through `rpcUrl`: the chain RPC the reader gave, else the one the server publishes (decision 0202).
 */
export function useVerification(id: string, proof: DrawProof | undefined, rpcUrl: string | null) {
  return useQuery({
    queryKey: [...drawKeys.verification(id), rpcUrl],
    queryFn: () => verifyInBrowser(proof!, rpcUrl),
    enabled: proof !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}
