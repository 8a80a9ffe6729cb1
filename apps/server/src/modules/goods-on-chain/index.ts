// The public face of `modules/goods-on-chain`: what other folders may import from it (decision 0181); the rest is its own.
export { wireGoodsOnChain } from './goods-on-chain.wiring.ts';
