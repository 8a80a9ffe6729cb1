import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { delivery, digitalGoods, manualDistribution } from '../../db/schema.ts';
import type { DeliverySource, DeliverySourceRef, Tx } from '../delivery/index.ts';
import type { NewNotification } from '../notifications/index.ts';

function batchIdsOf(rows: readonly DeliverySourceRef[]): string[] {
  return [...new Set(rows.map((row) => row.manualDistributionId).filter((id) => id !== null))];
}

/**
 * A manual distribution as a delivery source: the batch is `completed` (and its streamer told, with the tally)
 * once nothing of it is on its way; an operator's retry or a released held prize makes it `delivering` again.
 */
export const manualDistributionDeliverySource: DeliverySource = {
  async finished(tx, finished) {
    const notes: NewNotification[] = [];
    for (const batchId of batchIdsOf(finished)) {
      const [open] = await tx
        .select({ open: count() })
        .from(delivery)
        .where(
          and(eq(delivery.manualDistributionId, batchId), inArray(delivery.status, ['queued', 'submitted'])),
        );
      if ((open?.open ?? 0) > 0) continue;
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
      const [goods] = await tx
        .select({ name: digitalGoods.name })
        .from(digitalGoods)
        .where(eq(digitalGoods.id, batch.digitalGoodsId));
      notes.push({
        userId: batch.streamerId,
        type: 'manualDistributionCompleted',
        params: {
          goodsName: goods?.name ?? '',
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
  },

  async reopened(tx: Tx, refs) {
    const batches = batchIdsOf(refs);
    if (batches.length === 0) return;
    await tx
      .update(manualDistribution)
      .set({ status: 'delivering', completedAt: null })
      .where(and(inArray(manualDistribution.id, batches), sql`${manualDistribution.status} = 'completed'`));
  },
};
