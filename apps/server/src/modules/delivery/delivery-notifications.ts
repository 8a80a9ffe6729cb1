import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaign, delivery, digitalGoods, manualDistribution } from '../../db/schema.ts';
import { writeNotifications, type NewNotification } from '../notifications/notification.writer.ts';

/** A transaction on the app database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type DeliveryRow = typeof delivery.$inferSelect;

/**
 * Inside the transaction that finished some deliveries: `prizeReceived` to each recipient confirmed for the
 * first time; `manualDistributionCompleted` when a manual batch has nothing left on its way; `prizeCompleted`
 * when a campaign's deliveries are all done. Written with the state change, so they exist only if it commits.
 */
export async function notifyDeliveriesConfirmed(
  tx: Tx,
  newlyConfirmed: readonly DeliveryRow[],
  finished: readonly DeliveryRow[],
): Promise<void> {
  const notes: NewNotification[] = [];
  const goodsNames = await namesOfGoods(tx, [
    ...newlyConfirmed.map((row) => row.digitalGoodsId),
    ...finished.map((row) => row.digitalGoodsId),
  ]);
  for (const row of newlyConfirmed) {
    if (!row.recipientUserId || !row.digitalGoodsId) continue;
    notes.push({
      userId: row.recipientUserId,
      type: 'prizeReceived',
      params: { goodsName: goodsNames.get(row.digitalGoodsId) ?? '', amount: Number(row.amount) },
      href: `/collection/${row.digitalGoodsId}`,
      hrefId: row.digitalGoodsId,
      mail: true,
    });
  }
  notes.push(...(await completedManualBatches(tx, finished, goodsNames)));
  notes.push(...(await completedCampaigns(tx, newlyConfirmed)));
  await writeNotifications(tx, notes);
}

async function namesOfGoods(tx: Tx, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: digitalGoods.id, name: digitalGoods.name })
    .from(digitalGoods)
    .where(inArray(digitalGoods.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function stillOnTheirWay(
  tx: Tx,
  column: typeof delivery.manualDistributionId | typeof delivery.campaignId,
  id: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ open: count() })
    .from(delivery)
    .where(and(eq(column, id), inArray(delivery.status, ['queued', 'submitted'])));
  return (row?.open ?? 0) > 0;
}

async function completedManualBatches(
  tx: Tx,
  finished: readonly DeliveryRow[],
  goodsNames: Map<string, string>,
): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  const batchIds = new Set(finished.map((row) => row.manualDistributionId).filter((id) => id !== null));
  for (const batchId of batchIds) {
    if (await stillOnTheirWay(tx, delivery.manualDistributionId, batchId)) continue;
    const [batch] = await tx
      .update(manualDistribution)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(manualDistribution.id, batchId), eq(manualDistribution.status, 'delivering')))
      .returning();
    if (!batch) continue;
    const [tally] = await tx
      .select({
        confirmed: sql<number>`count(*) filter (where ${delivery.status} = 'confirmed')::int`,
        failed: sql<number>`count(*) filter (where ${delivery.status} = 'failed')::int`,
      })
      .from(delivery)
      .where(eq(delivery.manualDistributionId, batchId));
    notes.push({
      userId: batch.streamerId,
      type: 'manualDistributionCompleted',
      params: {
        goodsName: goodsNames.get(batch.digitalGoodsId) ?? '',
        count: tally?.confirmed ?? 0,
        confirmed: tally?.confirmed ?? 0,
        failed: tally?.failed ?? 0,
        held: batch.heldCount,
      },
      href: `/streamer/editor/manual-distribution/${batchId}`,
      hrefId: batchId,
    });
  }
  return notes;
}

async function completedCampaigns(
  tx: Tx,
  newlyConfirmed: readonly DeliveryRow[],
): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  const campaignIds = new Set(newlyConfirmed.map((row) => row.campaignId).filter((id) => id !== null));
  for (const campaignId of campaignIds) {
    if (await stillOnTheirWay(tx, delivery.campaignId, campaignId)) continue;
    const [row] = await tx
      .select({ streamerId: campaign.streamerId, title: campaign.title })
      .from(campaign)
      .where(eq(campaign.id, campaignId));
    if (!row) continue;
    const [tally] = await tx
      .select({ confirmed: sql<number>`count(*)::int` })
      .from(delivery)
      .where(and(eq(delivery.campaignId, campaignId), eq(delivery.status, 'confirmed')));
    notes.push({
      userId: row.streamerId,
      type: 'prizeCompleted',
      params: { campaignTitle: row.title, count: tally?.confirmed ?? 0, confirmed: tally?.confirmed ?? 0 },
      href: `/streamer/liveStreaming/${campaignId}`,
      hrefId: campaignId,
    });
  }
  return notes;
}
