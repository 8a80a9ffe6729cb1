// The public face of `modules/live-connections`: what other folders may import from it (decision 0181); the rest is its own.
export { toConnection } from './live-connections.service.ts';
export { ConnectionTokens } from './connection-tokens.ts';
export { LiveConnectionsRepository } from './live-connections.repository.ts';
export type { PlatformConnectionRow } from './live-connections.repository.ts';
export { registerLiveConnectionRoutes } from './live-connections.routes.ts';
export { LiveConnectionsService } from './live-connections.service.ts';
export type { HeldPrizes } from './live-connections.service.ts';
export { wireLiveConnections } from './live-connections.wiring.ts';
