import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An open Server-Sent Events stream: `event: {name}` with JSON `data`. */
export interface EventStream {
  send(event: string, data: unknown): void;
}

/**
 * Server-Sent Events for one route family. `start` takes over the reply (headers that keep proxies from
 * buffering, `retry`, an optional preamble), sends a comment line every `heartbeatMs` so idle connections stay
 * open, and ends the stream — running `cleanup` — when the client goes or the server closes (streams still open
 * then are ended first, so closing never waits on them).
 */
export function eventStreams(app: FastifyInstance, onServerClose?: () => Promise<void>) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
    await onServerClose?.();
  });
  return {
    start(
      request: FastifyRequest,
      reply: FastifyReply,
      options: { heartbeatMs: number; cleanup: () => void; preamble?: string },
    ): EventStream {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and friends would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      reply.raw.write(`retry: 3000\n\n${options.preamble ?? ''}`);
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), options.heartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        options.cleanup();
        open.delete(end);
        if (!reply.raw.writableEnded) reply.raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      return { send: (event, data) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
    },
  };
}
