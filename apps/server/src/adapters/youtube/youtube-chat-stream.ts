import { JSONParser } from '@streamparser/json';
import { LiveAdapterError } from '../live-chat/index.ts';
import type { YouTubeChatPage } from './youtube.adapter.ts';
import { mapApiError, mapChatPage, type WireChatPage } from './youtube.mapper.ts';

const METHOD = 'liveChatMessages.stream';

/**
 * Reads the body of `GET …/liveChat/messages/stream` as it arrives. Google sends one JSON array and writes each
 * `liveChatMessageListResponse` into it as an element the moment it has one (youtube.md §7), so the array is
 * parsed incrementally: every element completed by a chunk is yielded at once, wherever the chunk boundaries
 * fall (inside a string, a multi-byte character or a number). An element `{"error":…}` after the 200 is
 * thrown as the adapter error its reason maps to. The server ends the body when the chat is idle, without a
 * closing `]`: that is a normal end, and the caller reconnects with the last page's `nextPageToken`. A half
 * element cut off by the close is dropped; its page is sent again after the reconnect, from the same token.
 */
export async function* readChatStream(
  body: ReadableStream<Uint8Array>,
  options: { idleMs: number },
): AsyncGenerator<YouTubeChatPage> {
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const elements: unknown[] = [];
  let broken: unknown = null;
  parser.onValue = ({ value }) => {
    elements.push(value);
  };
  parser.onError = (error) => {
    broken = error;
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const chunk = await readWithin(reader, options.idleMs);
      if (chunk.done) return;
      parser.write(chunk.value);
      while (elements.length > 0) {
        const element = elements.shift() as WireChatPage & { error?: { code?: number } };
        if (element && typeof element === 'object' && 'error' in element) {
          throw mapApiError(element.error?.code ?? 500, element, METHOD);
        }
        yield mapChatPage(element);
      }
      if (broken) {
        throw new LiveAdapterError('retryable', 'youtube', 'unavailable', `${METHOD}: body is not JSON`, {
          cause: broken,
        });
      }
      // `]` came: the server finished this response on purpose; the caller reconnects like after an idle close.
      if (parser.isEnded) return;
    }
  } finally {
    // Leaving early (an error, the caller stopping) must free the connection.
    await reader.cancel().catch(() => undefined);
  }
}

/** One read, abandoned when nothing arrives for `idleMs` (a half-open connection never ends on its own). */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleMs: number,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new LiveAdapterError('retryable', 'youtube', 'unavailable', `${METHOD}: silent for ${idleMs} ms`),
        ),
      idleMs,
    );
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } catch (error) {
    if (error instanceof LiveAdapterError) throw error;
    // A reset or an abort mid-body: the pages read so far stand; the caller resumes from the last one.
    throw new LiveAdapterError('retryable', 'youtube', 'unavailable', `${METHOD}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
