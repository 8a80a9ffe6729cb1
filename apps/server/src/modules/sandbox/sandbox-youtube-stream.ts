import type { FastifyReply } from 'fastify';
import type { SandboxSettings, SandboxStore } from './sandbox.store.ts';

/** The next page to push (history first, then what arrived), or null when nothing is new. */
type NextPage = (always: boolean) => { offline: boolean; body: unknown } | null;

/**
 * Google's HTTP form of `liveChatMessages.stream` (youtube.md §7): a 200, then one JSON array whose elements
 * are written as messages arrive (history first). An idle chat is closed after `youtubeStreamIdleMs` without
 * the closing `]`; a chat that ends gets its last page (with `offlineAt`) and the `]`. In `errorElement` mode
 * an error element follows the history inside the 200. The client resumes with the last `nextPageToken`.
 */
export function streamChat(
  reply: FastifyReply,
  store: SandboxStore,
  streamId: string,
  settings: SandboxSettings,
  next: NextPage,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
  res.write('[');
  let first = true;
  let closed = false;
  let idle: NodeJS.Timeout | undefined;
  const write = (element: unknown) => {
    res.write(`${first ? '' : ',\n'}${JSON.stringify(element)}`);
    first = false;
  };
  const close = (bracket: boolean) => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    unwatch();
    res.end(bracket ? ']' : undefined);
  };
  const flush = (always: boolean) => {
    if (closed) return;
    const page = next(always);
    if (!page) return;
    write(page.body);
    if (page.offline) return close(true);
    clearTimeout(idle);
    idle = setTimeout(() => close(false), settings.youtubeStreamIdleMs);
  };
  // Several messages appended in one tick go out as one element.
  let scheduled = false;
  const unwatch = store.watch(streamId, () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flush(false);
    });
  });
  res.on('close', () => close(false));
  flush(true);
  if (settings.youtubeStreamMode === 'errorElement' && !closed) {
    const message = 'The service is currently unavailable.';
    write({ error: { code: 503, message, errors: [{ message, domain: 'global', reason: 'backendError' }] } });
    close(false);
  }
}
