// The public face of `modules/goods-campaigns`: what other folders may import from it (decision 0181); the rest is its own.
export { registerGoodsAndCampaignRoutes } from './goods-campaigns.routes.ts';
export { wireGoodsAndCampaigns } from './goods-campaigns.wiring.ts';
export type { GoodsAndCampaigns } from './goods-campaigns.wiring.ts';
