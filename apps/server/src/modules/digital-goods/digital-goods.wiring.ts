import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { AssetRepository, AssetService } from '../uploads/index.ts';
import { DigitalGoodsRepository } from './digital-goods.repository.ts';
import { DigitalGoodsService } from './digital-goods.service.ts';
import type { GoodsPublisher } from './goods-publisher.ts';

/** A streamer's digital goods; `goodsPublisher` puts published goods on chain (the goods-on-chain module). */
export function wireDigitalGoods(ports: {
  db: Db;
  log: Logger;
  storage: FileStorage;
  assetRows: AssetRepository;
  assets: AssetService;
  goodsPublisher: GoodsPublisher;
}) {
  const repository = new DigitalGoodsRepository(ports.db);
  return {
    repositories: { digitalGoods: repository },
    services: {
      digitalGoods: new DigitalGoodsService(
        repository,
        ports.assetRows,
        ports.assets,
        ports.storage,
        ports.goodsPublisher,
        ports.log,
      ),
    },
  };
}
