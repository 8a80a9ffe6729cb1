import crypto from 'node:crypto';
import type {
  CreateDigitalGoodsBody,
  DigitalGoods,
  DigitalGoodsList,
  UpdateDigitalGoodsBody,
} from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository, AssetRow } from '../uploads/index.ts';
import type { AssetService } from '../uploads/index.ts';
import type { GoodsPublisher } from './goods-publisher.ts';
import { toDigitalGoods } from './digital-goods.mapper.ts';
import type {
  DigitalGoodsPatch,
  DigitalGoodsRepository,
  DigitalGoodsRow,
} from './digital-goods.repository.ts';

export interface GoodsListOptions {
  status?: 'draft' | 'published';
  includeHidden?: 'true' | 'false';
  limit?: number;
  cursor?: string;
}

const notYours = () => notFound('goodsNotFound', 'No digital goods of yours have this id.');

/**
 * A streamer's digital goods. Owner only: anyone else's goods are 404 (their existence is not confirmed).
 * Published goods are on their way to the chain: they cannot be deleted (only hidden), their name, description
 * and pictures are fixed, and their supply can only grow.
 */
export class DigitalGoodsService {
  constructor(
    private readonly goods: DigitalGoodsRepository,
    private readonly assetRows: AssetRepository,
    private readonly assets: AssetService,
    private readonly storage: FileStorage,
    private readonly publisher: GoodsPublisher,
    private readonly log: Logger,
  ) {}

  async list(session: SessionUser, options: GoodsListOptions): Promise<DigitalGoodsList> {
    const limit = options.limit ?? 100;
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    const rows = await this.goods.listOwned(session.userId!, {
      ...(options.status ? { status: options.status } : {}),
      includeHidden: options.includeHidden !== 'false',
      limit: limit + 1,
      ...(after ? { after: { createdAt: cursorDate(after.sortValue), id: after.id } } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      list: await this.present(page),
      nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
    };
  }

  async get(session: SessionUser, id: string): Promise<DigitalGoods> {
    return this.presentOne(await this.owned(session, id));
  }

  /** Creates draft goods; with an Idempotency-Key (kept by the form) once per key, answering the same goods. */
  async create(
    session: SessionUser,
    body: CreateDigitalGoodsBody,
    idempotencyKey?: string,
  ): Promise<DigitalGoods> {
    const streamerId = session.userId!;
    await this.checkAssets(streamerId, body.imageAssetId, body.animationAssetId);
    const created = await this.goods.insertOnce(`goods.create:${streamerId}`, idempotencyKey, body, {
      id: crypto.randomUUID(),
      streamerId,
      name: body.name,
      description: body.description,
      imageAssetId: body.imageAssetId,
      animationAssetId: body.animationAssetId,
      supply: body.supply,
      hidden: body.hidden,
      createdAt: new Date(),
    });
    return this.presentOne(await this.owned(session, created.id));
  }

  async update(session: SessionUser, id: string, body: UpdateDigitalGoodsBody): Promise<DigitalGoods> {
    const current = await this.owned(session, id);
    const patch: DigitalGoodsPatch = {};
    for (const key of [
      'name',
      'description',
      'imageAssetId',
      'animationAssetId',
      'supply',
      'hidden',
    ] as const) {
      if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
    }
    if (current.status === 'published') {
      const fixed = (['name', 'description', 'imageAssetId', 'animationAssetId'] as const).filter(
        (key) => patch[key] !== undefined && patch[key] !== current[key],
      );
      if (fixed.length > 0) {
        throw businessRule(
          'publishedGoodsFixed',
          'Published digital goods are on their way to the chain: only hidden and a larger supply can change.',
          fixed.map((key) => ({ field: `body.${key}`, message: 'cannot change once published' })),
        );
      }
      if (patch.supply !== undefined && patch.supply < current.supply) {
        throw businessRule('supplyCannotShrink', 'The supply of published digital goods can only grow.', [
          { field: 'body.supply', message: `must be at least ${current.supply}` },
        ]);
      }
    }
    if (patch.supply !== undefined) {
      const reserved = (await this.goods.reservedCopies([id])).get(id) ?? 0;
      if (patch.supply < reserved) {
        throw businessRule(
          'supplyPromisedToCampaigns',
          `Campaigns already promise ${reserved} copies of these goods.`,
          [{ field: 'body.supply', message: `must be at least ${reserved}` }],
        );
      }
    }
    await this.checkAssets(session.userId!, patch.imageAssetId ?? null, patch.animationAssetId ?? null);
    const updated = await this.goods.update(id, patch);
    if (!updated) throw notYours();
    return this.presentOne(updated);
  }

  async delete(session: SessionUser, id: string): Promise<void> {
    const current = await this.owned(session, id);
    if (current.status === 'published') {
      throw businessRule(
        'publishedGoodsNotDeletable',
        'Published digital goods cannot be deleted; hide them instead.',
      );
    }
    const campaigns = await this.goods.campaignCount(id);
    if (campaigns > 0) {
      throw businessRule(
        'goodsUsedByCampaigns',
        `These goods are the prize of ${campaigns} campaign${campaigns === 1 ? '' : 's'}; change or delete those first.`,
      );
    }
    await this.goods.delete(id);
  }

  /** Idempotent: publishing published goods answers them unchanged. */
  async publish(session: SessionUser, id: string): Promise<DigitalGoods> {
    const current = await this.owned(session, id);
    if (current.status === 'published') return this.presentOne(current);
    if (!current.imageAssetId) {
      throw businessRule('goodsImageRequired', 'Digital goods need an image before they can be published.', [
        { field: 'imageAssetId', message: 'is required to publish' },
      ]);
    }
    const published = (await this.goods.publish(id, new Date())) ?? (await this.owned(session, id));
    this.log.info({ goodsId: id, tokenId: published.tokenId }, 'digital goods published');
    try {
      await this.publisher.published(published);
    } catch (error) {
      this.log.error({ err: error, goodsId: id }, 'publishing digital goods to the chain failed');
    }
    return this.presentOne((await this.goods.findById(id)) ?? published);
  }

  private async owned(session: SessionUser, id: string): Promise<DigitalGoodsRow> {
    const row = await this.goods.findOwned(session.userId!, id);
    if (!row) throw notYours();
    return row;
  }

  private async checkAssets(streamerId: string, imageId: string | null, animationId: string | null) {
    if (imageId) {
      await this.assets.requireUsable(streamerId, imageId, {
        field: 'body.imageAssetId',
        kind: 'digitalgoods',
        imageOnly: true,
      });
    }
    if (animationId) {
      await this.assets.requireUsable(streamerId, animationId, {
        field: 'body.animationAssetId',
        kind: 'digitalgoods',
        imageOnly: false,
      });
    }
  }

  private async presentOne(row: DigitalGoodsRow): Promise<DigitalGoods> {
    return (await this.present([row]))[0]!;
  }

  /** Rows with their pictures and reserved copies, in two queries for the whole page. */
  async present(rows: DigitalGoodsRow[]): Promise<DigitalGoods[]> {
    const ids = rows.map((row) => row.id);
    const assetIds = rows.flatMap((row) => [row.imageAssetId, row.animationAssetId]).filter(Boolean);
    const [reserved, assetRows] = await Promise.all([
      this.goods.reservedCopies(ids),
      this.assetRows.findByIds(assetIds as string[]),
    ]);
    const assets = new Map<string, AssetRow>(assetRows.map((row) => [row.id, row]));
    return rows.map((row) => toDigitalGoods(row, assets, reserved.get(row.id) ?? 0, this.storage));
  }
}
