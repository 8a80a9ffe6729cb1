// The public face of `modules/manual-distribution`: what other folders may import from it (decision 0181); the rest is its own.
export { registerManualDistributionRoutes } from './manual-distribution.routes.ts';
export { manualDistributionDeliverySource, wireManualDistribution } from './manual-distribution.wiring.ts';
export type { ManualDistributionWiring } from './manual-distribution.wiring.ts';
