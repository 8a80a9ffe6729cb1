import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../live-entries/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';

/**
 * Inside the transaction that moved some deliveries (submitted, confirmed, failed, back to the queue): a
 * `winners` live event to every campaign one of them is a draw winner's prize of — directly, or through a held
 * claim released into it — so the live room shows the new delivery state without a reload (decision 0071). The
 * NOTIFY is sent only if the state change commits.
 */
export async function announceWinnerDeliveries(
  tx: Pick<Db, 'execute'>,
  deliveryIds: readonly string[],
): Promise<void> {
  if (deliveryIds.length === 0) return;
  const ids = sql.join(
    deliveryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ campaign_id: string }>(
    await tx.execute(sql`
      select w.campaign_id from winner w where w.delivery_id in (${ids})
      union
      select w.campaign_id from winner w join held_claim h on h.id = w.held_claim_id
      where h.delivery_id in (${ids})`),
  );
  for (const row of rows) await publishLiveEvent(tx, row.campaign_id, { type: 'winners' });
}
