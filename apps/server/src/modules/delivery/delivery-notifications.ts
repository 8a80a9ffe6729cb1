import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { campaign, delivery, digitalGoods } from '../../db/schema.ts';
import { writeNotifications, type NewNotification } from '../notifications/index.ts';
import { sourcesFinished, type DeliveryRow, type DeliverySource, type Tx } from './delivery-source.ts';

/**
 * Inside the transaction that finished some deliveries: `prizeReceived` to each recipient confirmed for the
 * first time; `prizeCompleted` when a campaign's deliveries are all done; and what each delivery source says
 * (a manual batch: `manualDistributionCompleted`). Written with the state change, so they exist only if it commits.
 */
export async function notifyDeliveriesConfirmed(
  tx: Tx,
  newlyConfirmed: readonly DeliveryRow[],
  finished: readonly DeliveryRow[],
  sources: readonly DeliverySource[],
): Promise<void> {
  const notes: NewNotification[] = [];
  const goodsNames = await namesOfGoods(
    tx,
    newlyConfirmed.map((row) => row.digitalGoodsId),
  );
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
  notes.push(...(await sourcesFinished(sources, tx, finished)));
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

async function stillOnTheirWay(tx: Tx, campaignId: string): Promise<boolean> {
  const [row] = await tx
    .select({ open: count() })
    .from(delivery)
    .where(and(eq(delivery.campaignId, campaignId), inArray(delivery.status, ['queued', 'submitted'])));
  return (row?.open ?? 0) > 0;
}

async function completedCampaigns(
  tx: Tx,
  newlyConfirmed: readonly DeliveryRow[],
): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  const campaignIds = new Set(newlyConfirmed.map((row) => row.campaignId).filter((id) => id !== null));
  for (const campaignId of campaignIds) {
    if (await stillOnTheirWay(tx, campaignId)) continue;
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
