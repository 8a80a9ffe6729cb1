import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import { ChainService } from './chain.service.ts';

/** The token contract's address (deployed on the first embedded start) and the artifacts route's service. */
export function wireChain(ports: { config: AppConfig; db: Db; log: Logger; chain: Lazy<ChainAdapter> }) {
  const { config } = ports;
  const chain = new ChainService(
    ports.chain,
    ports.db,
    {
      chainId: config.chainId,
      configuredAddress: config.chain.contractAddress,
      configuredDrawRegistry: config.chain.drawRegistryAddress,
      ipfsGateway: config.ipfs.gatewayUrl,
      publicOrigin: config.publicOrigin,
    },
    ports.log,
  );
  return { services: { chain } };
}
