import type { AppConfig } from '../config.ts';
import { openDatabase } from '../container.ts';
import { runMigrations, withMigrationLock } from '../db/migrate.ts';
import { lazyChain, type HexAddress } from '../adapters/chain/index.ts';
import { lazyIpfs } from '../adapters/ipfs/index.ts';
import type { Logger } from '../logger.ts';
import { wireChain } from '../modules/chain/index.ts';

/**
 * `npm run deploy-token` (HANABI_ROLE=deploy-token): the only way the token is deployed outside embedded mode
 * (decision 0140). Under the migrations' advisory lock it reads the recorded address and deploys only when there
 * is none (or its code is gone), so any number of runs at once leave one contract. Answers the address to put in
 * CHAIN_CONTRACT_ADDRESS; with that already set, it only checks the code is there. The draw registry the same way
 * (decision 0202): a deployment from before it existed gets it by running the command again.
 */
export async function deployTokenCommand(
  config: AppConfig,
  log: Logger,
): Promise<{ token: HexAddress; drawRegistry: HexAddress; contractUri: string | null }> {
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const chain = lazyChain(config);
    const ipfs = lazyIpfs(config);
    try {
      const { chain: service } = wireChain({ config, db: database.db, log, chain }).services;
      return await withMigrationLock(database, async () => ({
        token: await service.ensureToken(),
        // The collection's ERC-7572 metadata, pinned and set once (decision 0221); a re-run leaves it. The token
        // works without it, so IPFS being away leaves it for a later run rather than failing the deployment.
        contractUri: await ipfs
          .get()
          .then((adapter) => service.ensureCollectionMetadata(adapter))
          .catch((error: unknown) => {
            log.warn({ err: error }, 'could not set the token collection metadata');
            return null;
          }),
        // The draws' public record (decision 0202): deployed beside the token, recorded in the database.
        drawRegistry: await service.ensureDrawRegistry(),
      }));
    } finally {
      await Promise.all([chain.close(), ipfs.close()]);
    }
  } finally {
    await database.close();
  }
}
