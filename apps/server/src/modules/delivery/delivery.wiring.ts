import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { delivery as deliveryTable } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import { AirdropSigner } from '../../adapters/chain/index.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { ChainService } from '../chain/index.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { ChainTxRepository } from './chain-tx.repository.ts';
import { DeliveryEngine } from './delivery.engine.ts';
import type { DeliverySource } from './delivery-source.ts';
import { deliveryTickJob, QueuedDeliveryKicker } from './delivery.jobs.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { DeliveryService } from './delivery.service.ts';
import { SignerLock } from './signer-lock.ts';

/** The signer's lock: one per chain (one signer key per chain), shared by the engine and the operator tools. */
export function createSignerLock(config: AppConfig, database: Database): SignerLock {
  return new SignerLock(database, `hanabi-signer:${config.chainId}`);
}

/**
 * The wiring of delivery: the engine (started lazily with the chain), its job, the service other modules and
 * the operator use, and the signer's lock. `sources` are the modules that decide deliveries (the one-way port, `delivery-source.ts`):
 * delivery tells them when theirs finish or travel again and imports nothing of theirs.
 */
export function wireDelivery(options: {
  config: AppConfig;
  database: Database;
  log: Logger;
  queue: JobQueue;
  chain: Lazy<ChainAdapter>;
  chainService: ChainService;
  digitalGoods: DigitalGoodsRepository;
  sources: readonly DeliverySource[];
}) {
  const { config, database, log, queue } = options;
  const { db } = database;
  const signerLock = createSignerLock(config, database);
  const repositories = {
    deliveries: new DeliveryRepository(db),
    chainTxs: new ChainTxRepository(db, options.sources),
  };
  let engine: Promise<DeliveryEngine> | undefined;
  const startEngine = () =>
    (engine ??= options.chain
      .get()
      .then(
        (chain) =>
          new DeliveryEngine(
            new AirdropSigner(chain),
            repositories.chainTxs,
            signerLock,
            () => options.chainService.tokenAddress(),
            config.delivery,
            log.child({ module: 'delivery' }),
          ),
      )
      .catch((error: unknown) => {
        engine = undefined;
        throw error;
      }));
  const tickJob = deliveryTickJob(
    startEngine,
    () => queue,
    async () =>
      (
        await db
          .select({ id: deliveryTable.id })
          .from(deliveryTable)
          .where(inArray(deliveryTable.status, ['queued', 'submitted']))
          .limit(1)
      ).length > 0,
  );
  const delivery = new DeliveryService(
    db,
    repositories.deliveries,
    options.digitalGoods,
    new QueuedDeliveryKicker(queue, tickJob),
    log,
    options.sources,
  );
  return {
    repositories,
    services: { delivery },
    jobs: [tickJob],
    engine: startEngine,
    /** Shared with the operator's token writes: one signer key per chain, one sender at a time. */
    signerLock,
  };
}

export type DeliveryWiring = ReturnType<typeof wireDelivery>;
