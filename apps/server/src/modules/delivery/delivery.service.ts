import { eq } from 'drizzle-orm';
import type { CampaignDistribution, Delivery, DeliveryQueue, DeliveryStatus } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { campaign, digitalGoods } from '../../db/schema.ts';
import { businessRule, conflict, notFound } from '../../lib/app-error.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Logger } from '../../logger.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { toDelivery, toHeldClaim, toSignerTransaction } from './delivery.mapper.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import { sourcesReopened, type DeliverySource } from './delivery-source.ts';
import { releaseHeldClaims, type ReleaseOutcome } from './held-claims.ts';

/** Wakes the delivery worker (a queued job); the periodic run picks work up anyway if this is lost. */
export interface DeliveryKicker {
  kick(): Promise<void>;
}

/**
 * The delivery engine's face to the rest of Hanabi: held prizes released when their person becomes reachable,
 * and the operator's view and actions on the queue. Deliveries themselves are written by the module that
 * decides them, inside its own transaction (`DeliveryRepository.insertDeliveries`), then `kick()`.
 */
export class DeliveryService {
  constructor(
    private readonly db: Db,
    private readonly deliveries: DeliveryRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly kicker: DeliveryKicker,
    private readonly log: Logger,
    private readonly sources: readonly DeliverySource[],
  ) {}

  async kick(): Promise<void> {
    try {
      await this.kicker.kick();
    } catch (error) {
      // The decision is committed; the periodic run delivers it a little later.
      this.log.warn({ err: error }, 'could not wake the delivery worker; the periodic run will');
    }
  }

  /** Someone set a wallet or linked a platform identity: their held prizes start travelling. */
  async releaseHeldClaims(userId: string): Promise<ReleaseOutcome> {
    const outcome = await releaseHeldClaims(this.db, userId, this.sources);
    if (outcome.delivered > 0) {
      this.log.info({ userId, ...outcome }, 'held prizes released');
      await this.kick();
    }
    return outcome;
  }

  async queue(query: { status?: DeliveryStatus; cursor?: string; limit: number }): Promise<DeliveryQueue> {
    const before = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.deliveries.page(
      {
        ...(query.status ? { status: query.status } : {}),
        ...(before ? { before: { createdAt: cursorDate(before.sortValue), id: before.id } } : {}),
      },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const [counts, open] = await Promise.all([this.deliveries.counts(), this.deliveries.openTransactions()]);
    return {
      items: page.map(toDelivery),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
      counts,
      inFlight: open.map(toSignerTransaction),
    };
  }

  async campaignDistribution(
    campaignId: string,
    filter: { userId?: string; status?: DeliveryStatus },
  ): Promise<CampaignDistribution> {
    const [exists] = await this.db
      .select({ id: campaign.id })
      .from(campaign)
      .where(eq(campaign.id, campaignId));
    if (!exists) throw notFound('campaignNotFound', 'No such campaign.');
    const [items, held, counts] = await Promise.all([
      this.deliveries.ofCampaign(campaignId, filter),
      filter.status ? Promise.resolve([]) : this.deliveries.heldOf({ campaignId }),
      this.deliveries.counts({ campaignId }),
    ]);
    const heldForUser = filter.userId ? held.filter((claim) => claim.userId === filter.userId) : held;
    return { items: items.map(toDelivery), held: heldForUser.map(toHeldClaim), counts };
  }

  /** A failed delivery goes back to the queue — if the goods still have a copy for it. */
  async retry(id: string): Promise<Delivery> {
    const current = await this.deliveries.findView(id);
    if (!current) throw notFound('deliveryNotFound', 'No such delivery.');
    if (current.status !== 'failed')
      throw conflict(
        'deliveryNotRetryable',
        `Only failed deliveries can be retried (this one is ${current.status}).`,
      );
    if (current.digitalGoodsId && current.source !== 'draw') {
      const [goods] = await this.db
        .select({ supply: digitalGoods.supply })
        .from(digitalGoods)
        .where(eq(digitalGoods.id, current.digitalGoodsId));
      const reserved =
        (await this.goods.reservedCopies([current.digitalGoodsId])).get(current.digitalGoodsId) ?? 0;
      if (goods && reserved + Number(current.amount) > goods.supply) {
        throw businessRule('notEnoughCopies', 'No copies of these goods are left for this delivery.');
      }
    }
    const row = await this.deliveries.requeueFailed(id);
    if (!row) throw conflict('deliveryChanged', 'The delivery changed meanwhile; reload and try again.');
    await this.db.transaction((tx) => sourcesReopened(this.sources, tx, [row]));
    this.log.info({ deliveryId: id }, 'failed delivery queued again by an operator');
    await this.kick();
    return toDelivery((await this.deliveries.findView(id))!);
  }

  async cancel(id: string): Promise<Delivery> {
    const current = await this.deliveries.findView(id);
    if (!current) throw notFound('deliveryNotFound', 'No such delivery.');
    const row = await this.deliveries.cancel(id);
    if (!row) {
      throw conflict(
        'deliveryNotCancellable',
        `Only failed or queued deliveries can be cancelled (this one is ${current.status}).`,
      );
    }
    this.log.info({ deliveryId: id }, 'delivery cancelled by an operator');
    return toDelivery((await this.deliveries.findView(id))!);
  }
}
