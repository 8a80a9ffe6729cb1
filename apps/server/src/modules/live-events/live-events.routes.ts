import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH_PATTERN, LiveEvent } from '@hanabi/api';
import { sendError } from '../../http/error-handler.ts';
import {
  errorResponse,
  eventStreamResponse,
  openApiPath,
  pathParameter,
  type OpenApiPaths,
} from '../../http/openapi-describe.ts';
import { eventFrame, eventStreams, type EventStream } from '../../http/event-stream.ts';
import { ReadCache } from '../../http/read-cache.ts';
import type { LiveEventHub } from './live-event-hub.ts';

/** Proxies and OBS close idle connections; a comment line every 15 s keeps the stream open. */
const HEARTBEAT_MS = 15_000;

/** What the stream needs from the live side: null for a campaign that is not public, else the opening events. */
export interface LiveEventSnapshot {
  eventSnapshot(campaignId: string): Promise<LiveEvent[] | null>;
}

/**
 * `GET /api/liveStreaming/:id/events`: the campaign's live events as Server-Sent Events (public, so an OBS
 * browser source can open it; drafts and unknown campaigns are 404). Each event's name is its `type` and its
 * data the LiveEvent JSON. On open: `retry:` (1–5 s, random), a `: hello` comment, then one `stream` event per
 * platform's current stream; afterwards every published event, and a `: ping` comment every 15 s.
 *
 * The opening snapshot is the same for every viewer, so it comes from a per-campaign cache: thousands of
 * viewers opening at once cost one query set (concurrent opens share the one load), and a `stream` event —
 * the only kind that changes the snapshot — drops it. `snapshotMs` bounds how old it can be otherwise.
 */
export function registerLiveEventRoutes(
  app: FastifyInstance,
  source: LiveEventSnapshot,
  hub: LiveEventHub,
  options: { snapshotMs: number } = { snapshotMs: 3000 },
): void {
  const streams = eventStreams(app, () => hub.close(), { heartbeatMs: HEARTBEAT_MS });
  const snapshots = new ReadCache<LiveEvent[]>('liveEventSnapshot', {
    ttlMs: options.snapshotMs,
    maxEntries: 2000,
  });

  // Each event's wire text is made once, not once per viewer: the hub hands every listener the same object, and
  // a snapshot is the same array for everyone until it is dropped (10,000 viewers = one JSON.stringify).
  const frames = new WeakMap<object, string>();
  const frameOf = (event: LiveEvent) => {
    let frame = frames.get(event);
    if (frame === undefined) {
      frame = eventFrame(event.type, event);
      frames.set(event, frame);
    }
    return frame;
  };
  const snapshotFrames = (snapshot: LiveEvent[]) => {
    let text = frames.get(snapshot);
    if (text === undefined) {
      text = snapshot.map(frameOf).join('');
      frames.set(snapshot, text);
    }
    return text;
  };

  app.get(
    LIVE_EVENTS_PATH_PATTERN,
    // Nobody's session matters here (public, the same for all), and no cookie is set: an open costs little.
    {
      config: { access: 'public', sessionless: true, cacheable: true, openapi: liveEventsOpenApi },
      // A stream the generator cannot infer: described by hand in `config.openapi` (decision 0216).
      schema: { hide: true },
    },
    async (request, reply) => {
      const campaignId = (request.params as { id?: string }).id ?? '';
      if (campaignId.length === 0 || campaignId.length > 100) {
        return sendError(reply, 'NOT_FOUND', 'No campaign with this id.', undefined, 'campaignNotFound');
      }
      // Listen first, then read the snapshot: an event in between is queued, not lost.
      let stream: EventStream | null = null;
      const early: LiveEvent[] = [];
      const unsubscribe = await streams.admit(request, reply, () =>
        hub.subscribe(campaignId, (event) => {
          if (event.type === 'stream') snapshots.invalidate(campaignId);
          if (stream) stream.sendFrame(frameOf(event));
          else early.push(event);
        }),
      );
      if (!unsubscribe) return reply;
      let snapshot: LiveEvent[] | null;
      try {
        snapshot = (await snapshots.get(campaignId, () => source.eventSnapshot(campaignId))).value;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      if (!snapshot) {
        unsubscribe();
        return sendError(reply, 'NOT_FOUND', 'No campaign with this id.', undefined, 'campaignNotFound');
      }
      // The opening lines and the snapshot in the stream's first write (one syscall per viewer).
      const preamble = `: hello\n\n${snapshotFrames(snapshot)}${early.map(frameOf).join('')}`;
      stream = streams.start(request, reply, { cleanup: unsubscribe, preamble });
    },
  );
}

const liveEventsOpenApi: OpenApiPaths = {
  [openApiPath(LIVE_EVENTS_PATH_PATTERN)]: {
    get: {
      operationId: 'liveEvents',
      summary: "A campaign's live events (Server-Sent Events)",
      description:
        "Never ends. On open: `retry:`, a `: hello` comment, one `stream` event per platform's current stream; then " +
        'every published event (its name is its `type`, its data the event as JSON) and a `: ping` every 15 s.',
      tags: ['live'],
      security: [],
      parameters: [pathParameter('id', 'The campaign id.')],
      responses: {
        200: eventStreamResponse('The event stream', LiveEvent),
        404: errorResponse('No public campaign with this id (drafts included)'),
        429: errorResponse('Too many open streams from this address', {
          'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
        }),
      },
    },
  },
};
