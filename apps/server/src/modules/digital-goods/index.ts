// The public face of `modules/digital-goods`: what other folders may import from it (decision 0181); the rest is its own.
export { assetRefOf } from './digital-goods.mapper.ts';
export { DigitalGoodsRepository } from './digital-goods.repository.ts';
export type { DigitalGoodsRow } from './digital-goods.repository.ts';
export { registerDigitalGoodsRoutes } from './digital-goods.routes.ts';
export type { GoodsPublisher } from './goods-publisher.ts';
export { wireDigitalGoods } from './digital-goods.wiring.ts';
