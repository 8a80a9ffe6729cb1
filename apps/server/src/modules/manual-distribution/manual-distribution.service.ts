import type { ManualDistributionBody } from '@hanabi/api';
import {
  type ManualDistribution,
  type ManualDistributionDetail,
  type ManualDistributionPreview,
  type ManualDistributionRowState,
} from '@hanabi/api';
import type { z } from 'zod';
import type { LivePlatformRegistry } from '../../adapters/live-platforms/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError, businessRule, forbidden, notFound } from '../../lib/app-error.ts';
import { runIdempotent } from '../../db/idempotent-write.ts';
import type { SessionUser } from '../../http/session.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Logger } from '../../logger.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { DeliveryRepository } from '../delivery/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { identitiesOf, planDistribution, type DistributionPlan } from './distribution-plan.ts';
import type {
  ManualDistributionRepository,
  ManualDistributionRow,
} from './manual-distribution.repository.ts';
import { parseRecipient, type ParsedRecipient } from './recipient-parser.ts';
import { resolveRecipientHandles } from './recipient-handles.ts';

type Body = z.output<typeof ManualDistributionBody>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A streamer sends published goods to a list of people (original: POST /api/manual-distribution). The preview
 * resolves every row; sending records the batch, its deliveries and held prizes in one transaction (under a
 * lock on the goods row, so two distributions cannot both take the last copies), then wakes the worker.
 */
export class ManualDistributionService {
  constructor(
    private readonly db: Db,
    private readonly batches: ManualDistributionRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly delivery: DeliveryService,
    private readonly platforms: LivePlatformRegistry,
    private readonly log: Logger,
  ) {}

  async preview(session: SessionUser, body: Body): Promise<ManualDistributionPreview> {
    const parsed = await this.parse(session, body);
    return this.db.transaction(async (tx) => (await this.plan(session, body, parsed, tx)).preview);
  }

  /**
   * Each row parsed, handles (TwitCasting screen ids) asked of their platform first (outside any transaction).
   * Only the goods' owner gets that far: nobody else makes Hanabi call the platform.
   */
  private async parse(session: SessionUser, body: Body): Promise<ParsedRecipient[]> {
    const goods = await this.batches.goodsForDistribution(body.digitalGoodsId);
    if (!goods) throw notFound('goodsNotFound', 'No such digital goods.');
    if (goods.streamerId !== session.userId)
      throw forbidden('notYourGoods', 'You can only distribute your own digital goods.');
    const parsed = body.distributionList.map((row) => parseRecipient(row.recipient, this.platforms));
    return resolveRecipientHandles(parsed, this.platforms);
  }

  async create(
    session: SessionUser,
    body: Body,
    idempotencyKey: string | undefined,
  ): Promise<ManualDistributionDetail> {
    const streamerId = session.userId!;
    const parsed = await this.parse(session, body);
    const batchId = await runIdempotent(
      this.db,
      `manual-distribution:${streamerId}`,
      idempotencyKey,
      body,
      async (tx) => {
        const { preview, plan, tokenId } = await this.plan(session, body, parsed, tx);
        refuseUnsendable(preview);
        const deliver = plan.rows.filter((row) => row.outcome === 'deliver');
        const hold = plan.rows.filter((row) => row.outcome === 'hold');
        const batch = await this.batches.insert(tx, {
          id: crypto.randomUUID(),
          streamerId,
          digitalGoodsId: body.digitalGoodsId,
          rowCount: body.distributionList.length,
          deliveryCount: deliver.length,
          heldCount: hold.length,
          totalAmount: plan.totalAmount,
          status: deliver.length > 0 ? 'delivering' : 'completed',
          completedAt: deliver.length > 0 ? null : new Date(),
        });
        await DeliveryRepository.insertDeliveries(
          tx,
          deliver.map((row) => ({
            idempotencyKey: `manual:${batch.id}:${row.row}`,
            source: 'manual' as const,
            digitalGoodsId: body.digitalGoodsId,
            tokenId,
            amount: String(row.amount),
            recipientUserId: row.userId,
            recipientAddress: row.address!,
            manualDistributionId: batch.id,
            sourceRef: `manual:${batch.id}:${row.row}`,
          })),
        );
        await DeliveryRepository.insertHeldClaims(
          tx,
          hold.map((row) => ({
            source: 'manual' as const,
            digitalGoodsId: body.digitalGoodsId,
            tokenId,
            amount: String(row.amount),
            platform: row.hold!.platform,
            platformUserId: row.hold!.platformUserId,
            displayName: row.userName,
            userId: row.hold!.userId,
            manualDistributionId: batch.id,
            sourceRef: `manual:${batch.id}:${row.row}`,
          })),
        );
        return batch.id;
      },
    );
    this.log.info(
      { batchId, streamerId, rows: body.distributionList.length },
      'manual distribution recorded',
    );
    await this.delivery.kick();
    return this.detail(session, batchId);
  }

  async list(
    session: SessionUser,
    query: { cursor?: string; limit: number },
  ): Promise<{ items: ManualDistribution[]; nextCursor: string | null }> {
    const before = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.batches.page(
      session.userId!,
      before ? { createdAt: cursorDate(before.sortValue), id: before.id } : undefined,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const items = await Promise.all(page.map(({ row, goodsName }) => this.toDistribution(row, goodsName)));
    const last = page.at(-1)?.row;
    return {
      items,
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
    };
  }

  async detail(session: SessionUser, id: string): Promise<ManualDistributionDetail> {
    const found = await this.batches.findWithGoods(id);
    if (!found || found.row.streamerId !== session.userId)
      throw notFound('manualDistributionNotFound', 'No such manual distribution.');
    const [deliveries, held] = await Promise.all([
      this.deliveries.ofManualDistribution(id),
      this.deliveries.heldOf({ manualDistributionId: id }),
    ]);
    const rowOf = (sourceRef: string | null) => Number(sourceRef?.split(':')[2] ?? -1);
    const rows: ManualDistributionRowState[] = [
      ...deliveries.map((item) => ({
        row: rowOf(item.sourceRef),
        recipient: item.recipientName ?? item.recipientAddress,
        name: item.recipientName,
        status: item.status,
        address: item.recipientAddress,
        txHash: item.txHash,
        lastError: item.lastError,
      })),
      ...held
        .filter((claim) => claim.status === 'held')
        .map((claim) => ({
          row: rowOf(claim.sourceRef),
          recipient: `${claim.platform}:${claim.platformUserId}`,
          name: claim.displayName,
          status: 'held' as const,
          address: null,
          txHash: null,
          lastError: null,
        })),
    ].sort((a, b) => a.row - b.row);
    return { distribution: await this.toDistribution(found.row, found.goodsName), rows };
  }

  // ─── planning ─────────────────────────────────────────────────────────────────────────────────────────────

  private async plan(session: SessionUser, body: Body, parsed: ParsedRecipient[], tx: Tx) {
    const goods = await this.batches.goodsForDistribution(body.digitalGoodsId, tx);
    if (!goods) throw notFound('goodsNotFound', 'No such digital goods.');
    if (goods.streamerId !== session.userId)
      throw forbidden('notYourGoods', 'You can only distribute your own digital goods.');
    if (goods.status !== 'published' || goods.tokenId === null) {
      throw businessRule('goodsNotPublished', 'Publish the digital goods before distributing them.', [
        { field: 'body.digitalGoodsId', message: 'is not published' },
      ]);
    }
    const users = await this.batches.recipients(identitiesOf(parsed), tx);
    const plan: DistributionPlan = planDistribution(body.distributionList, users, parsed);
    const reserved = (await this.goods.reservedCopies([goods.id], undefined, tx)).get(goods.id) ?? 0;
    const remainingSupply = Math.max(0, goods.supply - reserved);
    const count = (outcome: string) => plan.rows.filter((row) => row.outcome === outcome).length;
    const invalidCount = count('invalid');
    const preview: ManualDistributionPreview = {
      digitalGoodsId: goods.id,
      goodsName: goods.name,
      rows: plan.rows.map(({ hold: _hold, ...row }) => row),
      deliverCount: count('deliver'),
      holdCount: count('hold'),
      duplicateCount: count('duplicate'),
      invalidCount,
      totalAmount: plan.totalAmount,
      remainingSupply,
      canSend: invalidCount === 0 && plan.totalAmount > 0 && plan.totalAmount <= remainingSupply,
    };
    return { preview, plan, tokenId: goods.tokenId };
  }

  private async toDistribution(row: ManualDistributionRow, goodsName: string): Promise<ManualDistribution> {
    return {
      id: row.id,
      digitalGoodsId: row.digitalGoodsId,
      goodsName,
      status: row.status,
      rowCount: row.rowCount,
      deliveryCount: row.deliveryCount,
      heldCount: row.heldCount,
      totalAmount: row.totalAmount,
      counts: await this.deliveries.counts({ manualDistributionId: row.id }),
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  }
}

/** Invalid rows are the client's mistake (400 naming each); too many copies breaks a rule (422). */
function refuseUnsendable(preview: ManualDistributionPreview): void {
  const invalid = preview.rows.filter((row) => row.outcome === 'invalid');
  if (invalid.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Some fields are not valid: ${invalid
        .slice(0, 5)
        .map((row) => `body.distributionList.${row.row}.recipient`)
        .join(', ')}${invalid.length > 5 ? ', …' : ''}.`,
      invalid.map((row) => ({
        field: `body.distributionList.${row.row}.recipient`,
        message: row.reason ?? 'is not a recipient',
      })),
    );
  }
  if (preview.totalAmount > preview.remainingSupply) {
    throw businessRule(
      'notEnoughCopies',
      `Only ${preview.remainingSupply} copies of these goods are left; this distribution needs ${preview.totalAmount}.`,
      [
        {
          field: 'body.distributionList',
          message: `needs ${preview.totalAmount} copies, ${preview.remainingSupply} left`,
        },
      ],
    );
  }
}
