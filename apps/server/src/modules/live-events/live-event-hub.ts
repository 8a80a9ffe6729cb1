import { LiveEvent } from '@hanabi/api';
import { ChannelHub } from '../../db/channel-hub.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { LIVE_EVENT_CHANNEL, type LiveEventMessage } from './live-events.ts';

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * Fans live events out to this process's open event streams, keyed by campaign: an event published by the
 * worker (comments stored) or another API process (a draw revealed) reaches every open overlay and control room.
 */
export class LiveEventHub extends ChannelHub<LiveEvent> {
  constructor(database: Database, log: Logger) {
    super(
      database,
      LIVE_EVENT_CHANNEL,
      (payload) => {
        let message: LiveEventMessage;
        try {
          message = JSON.parse(payload) as LiveEventMessage;
        } catch {
          log.warn({ payload }, 'unreadable live event');
          return null;
        }
        // Publishers are ours, but a payload that does not fit the contract must not reach a browser.
        const parsed = LiveEvent.safeParse(message.event);
        if (!parsed.success) {
          log.warn({ payload }, 'live event outside the contract dropped');
          return null;
        }
        return { key: message.campaignId, value: () => parsed.data };
      },
      log,
    );
  }
}
