import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { DigitalGoodsRepository, DigitalGoodsRow } from '../digital-goods/index.ts';
import type { GoodsPublisher } from '../digital-goods/index.ts';
import type { AssetRepository } from '../uploads/index.ts';
import type { TokenService } from '../tokens/index.ts';
import type { TokenAssetService } from '../tokens/index.ts';

export const PublishOnChainPayload = z.object({ goodsId: z.string().min(1) });

export interface GoodsOnChainDeps {
  goods: DigitalGoodsRepository;
  assets: AssetRepository;
  storage: FileStorage;
  tokens: TokenService;
  tokenAssets: TokenAssetService;
  publicOrigin: string;
}

export type PublishOnChainOutcome =
  | { result: 'published'; tokenId: string; tokenUri: string; imageCid: string | null; metadataCid: string }
  | { result: 'skipped'; reason: string };

/**
 * Puts published goods on chain: pins the image, pins the ERC-1155 metadata JSON (name, description, image
 * `ipfs://…`, attributes, a link back to Hanabi) and sets `uri(tokenId)`. Idempotent: goods that already have a
 * token URI are left alone, and a retry after a crash pins the same bytes to the same CIDs.
 */
export async function publishOnChain(
  deps: GoodsOnChainDeps,
  goodsId: string,
  log: Logger,
): Promise<PublishOnChainOutcome> {
  const goods = await deps.goods.findById(goodsId);
  if (!goods) return { result: 'skipped', reason: 'the goods no longer exist' };
  if (goods.status !== 'published' || goods.tokenId === null)
    return { result: 'skipped', reason: 'not published' };
  if (goods.tokenUri) return { result: 'skipped', reason: 'already on chain' };

  const tokenId = BigInt(goods.tokenId);
  const image = await pinImage(deps, goods);
  await deps.tokens.registerToken(tokenId);
  const written = await deps.tokenAssets.setTokenMetadata(
    tokenId,
    {
      name: goods.name,
      description: goods.description,
      image: image?.uri ?? `${deps.publicOrigin}/assets/images/avatar.svg`,
      external_url: `${deps.publicOrigin}/collection/${goods.id}`,
      attributes: [
        { trait_type: 'supply', value: goods.supply },
        { trait_type: 'platform', value: 'Hanabi' },
      ],
    },
    goods.streamerId,
  );
  await deps.goods.recordChainData(goods.id, {
    imageCid: image?.cid ?? null,
    metadataCid: written.metadataCid,
    tokenUri: written.uri,
  });
  log.info({ goodsId, tokenId: goods.tokenId, tokenUri: written.uri }, 'goods published on chain');
  return {
    result: 'published',
    tokenId: goods.tokenId,
    tokenUri: written.uri,
    imageCid: image?.cid ?? null,
    metadataCid: written.metadataCid,
  };
}

async function pinImage(
  deps: GoodsOnChainDeps,
  goods: DigitalGoodsRow,
): Promise<{ cid: string; uri: string } | null> {
  if (!goods.imageAssetId) return null;
  const asset = await deps.assets.findById(goods.imageAssetId);
  if (!asset) return null;
  const stream = await deps.storage.get(asset.storageKey);
  if (!stream)
    throw new Error(`the image of goods ${goods.id} is missing from storage (${asset.storageKey})`);
  const pinned = await deps.tokenAssets.pinFile(stream);
  return { cid: pinned.cid, uri: pinned.uri };
}

export function publishOnChainJob(deps: () => GoodsOnChainDeps) {
  return defineJob({
    name: 'goods.publish-on-chain',
    payload: PublishOnChainPayload,
    // The chain or IPFS may be briefly away; keep trying for a while with growing pauses.
    retry: { limit: 20, delaySeconds: 10, backoff: true },
    handler: ({ goodsId }, { log }) => publishOnChain(deps(), goodsId, log),
  });
}

/** The GoodsPublisher the container wires: publishing queues the on-chain step (at most one per goods). */
export class QueuedGoodsPublisher implements GoodsPublisher {
  private target: { queue: JobQueue; job: JobDefinition<typeof PublishOnChainPayload> } | null = null;

  connect(queue: JobQueue, job: JobDefinition<typeof PublishOnChainPayload>): void {
    this.target = { queue, job };
  }

  async published(goods: DigitalGoodsRow): Promise<void> {
    if (!this.target) throw new Error('QueuedGoodsPublisher used before the queue was connected');
    await this.target.queue.send(
      this.target.job,
      { goodsId: goods.id },
      { singletonKey: `goods:${goods.id}` },
    );
  }
}
