// The public face of `modules/delivery`: what other folders may import from it (decision 0181); the rest is its own.
export type { DeliverySource, DeliverySourceRef, Tx } from './delivery-source.ts';
export { DeliveryRepository } from './delivery.repository.ts';
export { registerDeliveryRoutes } from './delivery.routes.ts';
export type { DeliveryService } from './delivery.service.ts';
export { createSignerLock, wireDelivery } from './delivery.wiring.ts';
export type { DeliveryWiring } from './delivery.wiring.ts';
export { attachClaimsOnUnlink } from './held-claims.ts';
