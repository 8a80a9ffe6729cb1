import { Counter } from 'prom-client';
import { LIVE_PLATFORMS } from '@hanabi/api';

/**
 * Event counters of this process (issue 35): what the process itself did since it started, so each process
 * (api, worker) exposes its own and Prometheus sums them with `sum(rate(…))`. They live here, not in each
 * module, because the metrics module owns its figures: other modules call the functions below and never touch
 * prom-client. Registered in no registry of their own; every MetricsService adds them to the one it serves.
 */

/** How a delivery ended: mined and confirmed, mined but reverted, or refused by the contract's simulation. */
export const DELIVERY_OUTCOMES = ['confirmed', 'reverted', 'refused'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
/** How a draw ended: revealed with its winners, or failed (kept with why). */
export const DRAW_OUTCOMES = ['revealed', 'failed'] as const;
export type DrawOutcome = (typeof DRAW_OUTCOMES)[number];

const deliveries = new Counter({
  name: 'hanabi_deliveries_finished_total',
  help: 'Deliveries this process finished, by outcome',
  labelNames: ['outcome'],
  registers: [],
});
const draws = new Counter({
  name: 'hanabi_draws_finished_total',
  help: 'Draws this process finished, by outcome',
  labelNames: ['outcome'],
  registers: [],
});
const chatMessages = new Counter({
  name: 'hanabi_chat_messages_ingested_total',
  help: 'New live-chat comments this process stored, by platform',
  labelNames: ['platform'],
  registers: [],
});

// Every known label set starts at 0, so each family prints a sample before its first event (alerts on
// rate() and absent() see a series from the first scrape on).
for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ outcome }, 0);
for (const outcome of DRAW_OUTCOMES) draws.inc({ outcome }, 0);
for (const platform of LIVE_PLATFORMS) chatMessages.inc({ platform }, 0);

export const PROCESS_COUNTERS: Counter<string>[] = [deliveries, draws, chatMessages];

/** Called once a delivery write committed: `count` deliveries ended with this outcome. */
export function countDeliveries(outcome: DeliveryOutcome, count: number): void {
  if (count > 0) deliveries.inc({ outcome }, count);
}

/** Called once a draw's final write committed. */
export function countDraw(outcome: DrawOutcome): void {
  draws.inc({ outcome });
}

/** Called once a chat read committed: `count` new comments from this platform. */
export function countChatMessages(platform: string, count: number): void {
  if (count > 0) chatMessages.inc({ platform }, count);
}
