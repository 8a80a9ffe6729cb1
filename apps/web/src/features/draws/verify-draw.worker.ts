/// <reference lib="webworker" />
import { verifyDraw, type DrawProof } from '@hanabi/draw';

/**
 * Recomputes a draw off the main thread: sorting and hashing a million entrant keys takes seconds, and the page
 * keeps its progress indicator moving meanwhile.
 */
self.onmessage = async (message: MessageEvent<DrawProof>) => {
  try {
    self.postMessage({ result: await verifyDraw(message.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
