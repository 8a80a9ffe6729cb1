import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';
import type { StreamSlots } from './stream-slots.ts';

/** The cap on open streams per client (decision 0209), set once on the app by `app.ts`. */
export interface StreamCaps {
  slots: StreamSlots;
  perIp: number;
  perUser: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    streamCaps?: StreamCaps;
  }
}

/** How long a refused client is told to wait: about how long a closed tab's stream takes to be noticed. */
const RETRY_AFTER_SECONDS = 30;

/** An open Server-Sent Events stream: `event: {name}` with JSON `data`. */
export interface EventStream {
  send(event: string, data: unknown): void;
  /** Writes a frame made by {@link eventFrame}: one event fanned out to thousands is serialised once. */
  sendFrame(frame: string): void;
}

/** The text of one event on the wire (`event:` line, JSON `data:` line, blank line). */
export function eventFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Reconnect delay told to each client: spread over this range so a mass reconnect arrives smoothed. */
export const RETRY_MIN_MS = 1000;
export const RETRY_SPREAD_MS = 4000;

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and friends would otherwise buffer the stream.
  'x-accel-buffering': 'no',
};
const PING = ': ping\n\n';

/**
 * Server-Sent Events for one route family. `start` takes over the reply (headers that keep proxies from
 * buffering, a `retry:` with jitter, an optional preamble) and ends the stream — running `cleanup` — when the
 * client goes or the server closes (streams still open then are ended first, so closing never waits on them).
 * A connection costs little: one shared timer writes the heartbeat comment to every open stream of the family
 * (not a timer per connection), and each stream holds only its response and cleanup. The `retry:` each client
 * gets is random between 1 and 5 s, so when a deploy or a network blip drops thousands of viewers at once,
 * their EventSources come back spread over seconds instead of all in the same instant.
 */
export function eventStreams(
  app: FastifyInstance,
  onServerClose?: () => Promise<void>,
  options: { heartbeatMs: number } = { heartbeatMs: 15_000 },
) {
  const open = new Map<ServerResponse, () => void>();
  let heartbeat: NodeJS.Timeout | null = null;
  const beat = () => {
    for (const raw of open.keys()) raw.write(PING);
  };
  app.addHook('preClose', async () => {
    for (const end of [...open.values()]) end();
    await onServerClose?.();
  });
  return {
    /** How many streams of this family are open (tests, logs). */
    get size() {
      return open.size;
    },
    /**
     * Takes the client's slots (its IP's, and the person's when signed in) for one more stream, over every api
     * process, then starts listening (`listen` answers how to stop); or answers 429 with Retry-After and returns
     * null. What it returns stops listening and gives the slots back: the stream's cleanup.
     */
    async admit(
      request: FastifyRequest,
      reply: FastifyReply,
      listen: () => Promise<() => void>,
      userId?: string | null,
    ): Promise<(() => void) | null> {
      const caps = app.streamCaps;
      const release = caps
        ? await caps.slots.acquire([
            { key: `ip:${request.ip}`, limit: caps.perIp },
            ...(userId ? [{ key: `user:${userId}`, limit: caps.perUser }] : []),
          ])
        : () => undefined;
      if (!release) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        await sendError(
          reply,
          'RATE_LIMITED',
          'Too many live streams are open from here: close some and try again.',
        );
        return null;
      }
      try {
        const stop = await listen();
        return () => {
          stop();
          release();
        };
      } catch (error) {
        release();
        throw error;
      }
    },
    start(
      request: FastifyRequest,
      reply: FastifyReply,
      startOptions: { cleanup: () => void; preamble?: string },
    ): EventStream {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, HEADERS);
      const retry = RETRY_MIN_MS + Math.floor(Math.random() * RETRY_SPREAD_MS);
      // Headers, `retry:` and the preamble (a snapshot's events too) leave in one write: one syscall per open.
      raw.write(`retry: ${retry}\n\n${startOptions.preamble ?? ''}`);
      const end = () => {
        if (!open.delete(raw)) return;
        startOptions.cleanup();
        if (open.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
        if (!raw.writableEnded) raw.end();
      };
      open.set(raw, end);
      heartbeat ??= setInterval(beat, options.heartbeatMs);
      request.raw.on('close', end);
      return {
        send: (event, data) => raw.write(eventFrame(event, data)),
        sendFrame: (frame) => raw.write(frame),
      };
    },
  };
}
