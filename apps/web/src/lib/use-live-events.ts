import { buildPath, LIVE_EVENTS_PATH_PATTERN, type LiveEvent } from '@hanabi/api';
import { useEffect, useRef, useState } from 'react';

const EVENT_TYPES = ['comments', 'stream', 'draw', 'winners'] as const satisfies readonly LiveEvent['type'][];

/**
 * The campaign's live events over Server-Sent Events. The browser's EventSource reconnects by itself after a
 * drop; `connected` follows its open/error events so the page can show whether it is live. Each event is
 * checked against the contract before it reaches `onEvent` (an unknown shape is ignored, not thrown). The schema
 * (and zod) is fetched when the stream opens; events that arrive first wait for it, in their order.
 */
export function useLiveEvents(
  campaignId: string,
  onEvent: (event: LiveEvent) => void,
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  // The latest handler without reopening the stream on every render.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!campaignId || typeof EventSource === 'undefined') return;
    let open = true;
    const schema = import('./live-event-schema').then((module) => module.LiveEvent);
    const source = new EventSource(buildPath(LIVE_EVENTS_PATH_PATTERN, { id: campaignId }), {
      withCredentials: true,
    });
    const onMessage = (message: Event) => {
      let data: unknown;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      void schema.then((liveEvent) => {
        const parsed = liveEvent.safeParse(data);
        if (open && parsed.success) handler.current(parsed.data);
      });
    };
    const onOpen = () => setConnected(true);
    // EventSource retries by itself (readyState CONNECTING); CLOSED means it gave up.
    const onError = () => setConnected(false);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    for (const type of EVENT_TYPES) source.addEventListener(type, onMessage);
    return () => {
      open = false;
      source.close();
      setConnected(false);
    };
  }, [campaignId]);

  return { connected };
}
