import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import type { ChainService } from '../chain/index.ts';
import { TokenAssetService } from './token-assets.service.ts';
import { handOffTokenWrites, tokenWriteJob } from './token-write.job.ts';
import { TokensRepository } from './tokens.repository.ts';
import { TokenService, type TokenServiceOptions } from './tokens.service.ts';

/** The goods published under a token id, with the copies already promised (the digital-goods module answers). */
export interface GoodsSupplyLookup {
  supplyOfToken: NonNullable<TokenServiceOptions['goodsSupply']>;
}

/**
 * The operator's token tools and the token ledger. A process that cannot sign (an api without a remote signer)
 * hands operator writes to a worker through the `token.write` job (decision 0158).
 */
export function wireTokens(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  queue: JobQueue;
  chain: Lazy<ChainAdapter>;
  ipfs: Lazy<IpfsAdapter>;
  chainService: ChainService;
  /** Held across processes while sending (the delivery module's, shared with its engine). */
  signerLock: NonNullable<TokenServiceOptions['signerLock']>;
  goods: GoodsSupplyLookup;
}) {
  const { config, log } = ports;
  const repository = new TokensRepository(ports.db);
  const tokenWrite = tokenWriteJob(() => tokens);
  const signsHere = config.chain.kind === 'embedded' || config.chain.signer.kind !== 'none';
  const tokens: TokenService = new TokenService(
    ports.chain,
    ports.chainService,
    repository,
    {
      ipfsGatewayBase: config.ipfs.gatewayUrl,
      signerLock: ports.signerLock,
      goodsSupply: (tokenId) => ports.goods.supplyOfToken(tokenId),
      ...(signsHere
        ? {}
        : {
            handOff: handOffTokenWrites(() => ports.queue, tokenWrite, {
              startWithinMs: config.ops.tokenWriteStartWithinMs,
            }),
          }),
    },
    log,
  );
  const tokenAssets = new TokenAssetService(
    ports.ipfs,
    tokens,
    { uploadMaxBytes: config.ipfs.uploadMaxBytes },
    log,
  );
  return { repositories: { tokens: repository }, services: { tokens, tokenAssets }, jobs: [tokenWrite] };
}
