import type { LivePlatformRegistry } from '../../adapters/live-platforms/index.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import type { DeliveryRepository } from '../delivery/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { ManualDistributionRepository } from './manual-distribution.repository.ts';
import { ManualDistributionService } from './manual-distribution.service.ts';

export { manualDistributionDeliverySource } from './manual-distribution.delivery-source.ts';

/** Manual distribution on top of delivery (one way: it decides deliveries; delivery hears of it only as a source). */
export function wireManualDistribution(options: {
  database: Database;
  log: Logger;
  digitalGoods: DigitalGoodsRepository;
  deliveries: DeliveryRepository;
  delivery: DeliveryService;
  /** The live platforms' drivers: how a list names their accounts (decision 0234). */
  platforms: LivePlatformRegistry;
}) {
  const { db } = options.database;
  const repository = new ManualDistributionRepository(db);
  return {
    repositories: { manualDistributions: repository },
    service: new ManualDistributionService(
      db,
      repository,
      options.digitalGoods,
      options.deliveries,
      options.delivery,
      options.platforms,
      options.log,
    ),
  };
}

export type ManualDistributionWiring = ReturnType<typeof wireManualDistribution>;
