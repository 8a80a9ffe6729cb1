// The public face of `modules/signer-funds`: what other folders may import from it (decision 0181); the rest is its own.
export { wireSignerFunds } from './signer-funds.wiring.ts';
export { registerSignerFundsRoutes } from './signer-funds.routes.ts';
export type { SignerFundsService } from './signer-funds.service.ts';
export { coverage, isLow, GAS_PER_DELIVERY, GAS_PER_DRAW_COMMITMENT, LOW_BALANCE } from './signer-costs.ts';
