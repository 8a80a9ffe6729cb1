/// <reference lib="webworker" />
import { verifyDraw, type DrawProof } from '@hanabi/draw';

/** What the page asks: a proof, and the chain RPC to read its public record through (the reader's or the server's). */
export interface VerifyRequest {
  proof: DrawProof;
  rpcUrl?: string | null;
}

/** The whole check, on whichever thread runs it: the record reader (viem, timelock) loads only for a recorded draw. */
export async function verifyRequest({ proof, rpcUrl }: VerifyRequest) {
  if (!proof.record || !rpcUrl) return verifyDraw(proof);
  const { recordCheckVia } = await import('@hanabi/draw/record');
  return verifyDraw(proof, { record: recordCheckVia(rpcUrl) });
}

/**
 * Recomputes a draw off the main thread: sorting and hashing a million entrant keys takes seconds, and the page
 * keeps its progress indicator moving meanwhile.
 */
self.onmessage = async (message: MessageEvent<VerifyRequest>) => {
  try {
    self.postMessage({ result: await verifyRequest(message.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
