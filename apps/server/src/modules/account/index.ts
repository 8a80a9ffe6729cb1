// The public face of `modules/account`: what other folders may import from it (decision 0181); the rest is its own.
export { AccountRepository } from './account.repository.ts';
export { registerAccountRoutes } from './account.routes.ts';
export { AccountService } from './account.service.ts';
export { SignInService } from './sign-in.service.ts';
export { parseWalletAddress } from './wallet-address.ts';
export { walletCoolOffUntil } from './wallet-cool-off.ts';
export { walletCoolOffJob } from './wallet.jobs.ts';
export { WalletService } from './wallet.service.ts';
export { toUserSummary } from './account.mapper.ts';
