import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { text } from '../string-primitives.ts';

export const EthAddress = text().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an 0x-prefixed 20-byte hex address');

/** The contract definition the browser needs to read balances and talk to the token. */
export const BlockchainArtifactsResponse = z.object({
  contractName: z.string(),
  /** The ABI as JSON (viem/ethers accept it as is). */
  abi: z.array(z.record(z.string(), z.unknown())),
  address: EthAddress.nullable(),
  chainId: z.number().int().positive(),
  /** Public gateway base for `ipfs://` URIs, e.g. `http://localhost:3000/ipfs/`. */
  ipfsGateway: z.string(),
});
export type BlockchainArtifacts = z.infer<typeof BlockchainArtifactsResponse>;

export const chainRoutes = {
  blockchainArtifacts: defineRoute({
    method: 'GET',
    path: '/api/blockchain/artifacts',
    access: 'public',
    summary: 'The token contract: ABI, deployed address and chain id',
    response: BlockchainArtifactsResponse,
  }),
};
