import type { Db } from '../../db/client.ts';
import type { delivery } from '../../db/schema.ts';
import type { NewNotification } from '../notifications/index.ts';

/** A transaction on the app database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DeliveryRow = typeof delivery.$inferSelect;

/** Where a delivery (or a held prize) came from: a row's source references. */
export interface DeliverySourceRef {
  campaignId: string | null;
  manualDistributionId: string | null;
}

/**
 * The one-way port of the prize path: a module that DECIDES deliveries (a manual batch, a campaign's draw) writes
 * them through `DeliveryRepository.insertDeliveries` and hears back here. Delivery calls these inside its own
 * transactions and imports nothing of the deciding modules; they are handed to `wireDelivery` as a list.
 */
export interface DeliverySource {
  /**
   * Some deliveries reached a final state (confirmed or failed) in this transaction: the source updates its own
   * rows and returns the notifications to write with the change.
   */
  finished?(tx: Tx, finished: readonly DeliveryRow[]): Promise<NewNotification[]>;
  /** Deliveries of these sources are on their way again (an operator's retry, held prizes released). */
  reopened?(tx: Tx, refs: readonly DeliverySourceRef[]): Promise<void>;
}

/** Every source's notifications for one finishing change. */
export async function sourcesFinished(
  sources: readonly DeliverySource[],
  tx: Tx,
  finished: readonly DeliveryRow[],
): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  for (const source of sources) notes.push(...((await source.finished?.(tx, finished)) ?? []));
  return notes;
}

export async function sourcesReopened(
  sources: readonly DeliverySource[],
  tx: Tx,
  refs: readonly DeliverySourceRef[],
): Promise<void> {
  for (const source of sources) await source.reopened?.(tx, refs);
}
