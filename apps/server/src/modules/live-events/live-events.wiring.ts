import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { LiveEventHub } from './live-event-hub.ts';

/** The live room's event hub: one LISTEN per process, fanned out to the SSE streams. */
export function wireLiveEvents(ports: { database: Database; log: Logger }) {
  return { services: { liveEventHub: new LiveEventHub(ports.database, ports.log) } };
}
