// The public face of `modules/chain`: what other folders may import from it (decision 0181); the rest is its own.
export { registerChainRoutes } from './chain.routes.ts';
export { ChainService, TokenSetupError } from './chain.service.ts';
export { wireChain } from './chain.wiring.ts';
