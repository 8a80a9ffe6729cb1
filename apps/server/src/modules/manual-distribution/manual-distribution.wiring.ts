import type { TwitCastingApi } from '../../adapters/twitcasting/index.ts';
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
  /** Resolves TwitCasting screen ids (the one client container.ts creates). */
  twitcasting: TwitCastingApi;
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
      options.twitcasting,
      options.log,
    ),
  };
}

export type ManualDistributionWiring = ReturnType<typeof wireManualDistribution>;
