import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { AuthSessionResolver, type IdentityWiring } from '../identity/index.ts';
import { AccountRepository } from './account.repository.ts';
import { AccountService, type HeldPrizeReleaser, type WalletHoldingsReader } from './account.service.ts';
import { SignInService } from './sign-in.service.ts';
import { walletCoolOffJob } from './wallet.jobs.ts';
import { WalletService } from './wallet.service.ts';

/**
 * The Hanabi user behind an identity: sign-in outcomes, account calls, the wallet and its cool-off job, and the
 * session resolver (a better-auth session → the Hanabi user, which this module owns).
 */
export function wireAccount(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  mailer: Mailer;
  identity: IdentityWiring;
  /** On-chain balances of a wallet (the token module). */
  wallets: WalletHoldingsReader;
  /** Prizes held for a person until they name a wallet (the delivery module). */
  heldPrizes: HeldPrizeReleaser;
}) {
  const { config, db, log, identity } = ports;
  const { identities } = identity.repositories;
  const { authGateway } = identity.services;
  const accounts = new AccountRepository(db);
  const wallet = new WalletService(config, db, identities, ports.mailer, log, ports.heldPrizes);
  return {
    repositories: { accounts },
    services: {
      signIn: new SignInService(config, accounts, identities, log),
      account: new AccountService(config, db, accounts, identities, authGateway, log, ports.wallets, wallet),
      wallet,
    },
    sessions: new AuthSessionResolver(identity.auth, accounts, config.http.sessionCacheMs),
    jobs: [walletCoolOffJob(wallet)],
  };
}
