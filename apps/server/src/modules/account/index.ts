// The public face of `modules/account`: what other folders may import from it (decision 0181); the rest is its own.
export { AccountRepository, personColumns } from './account.repository.ts';
export type { PersonRow } from './account.repository.ts';
export { registerAccountRoutes } from './account.routes.ts';
export { walletCoolOffUntil } from './wallet-cool-off.ts';
export { toUserSummary } from './account.mapper.ts';
export { wireAccount } from './account.wiring.ts';
