import { parseAbi, type Address } from 'viem';
import { checkRegistryIdentity } from '@hanabi/draw/record';
import { INTERFACE_IDS } from '@hanabi/token';
import type { ChainAdapter } from './chain.adapter.ts';
import { mapChainError } from './chain-errors.ts';

const ERC165_ABI = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);

/** What the doctor (`npm run doctor`) learns about a deployment from the chain, read only. */
export interface DeploymentFacts {
  /** What the node says its chain id is (eth_chainId). */
  chainId: number;
  signer: Address;
  signerBalanceWei: bigint;
  gasPriceWei: bigint;
  /** Null when no token address was given. */
  token: { address: Address; hasCode: boolean; erc1155: boolean } | null;
  /** Null when no registry address was given; `genuine`: its code is HanabiDrawRegistry's (decision 0213). */
  drawRegistry: { address: Address; hasCode: boolean; genuine: boolean } | null;
}

/** Reads the facts one after the other; a node that fails any read throws a mapped {@link ChainError}. */
export async function probeDeployment(
  chain: ChainAdapter,
  contracts: { token: Address | null; drawRegistry: Address | null },
): Promise<DeploymentFacts> {
  const client = chain.publicClient;
  try {
    const chainId = await client.getChainId();
    const [signerBalanceWei, gasPriceWei] = await Promise.all([
      client.getBalance({ address: chain.signer }),
      client.getGasPrice(),
    ]);
    let token: DeploymentFacts['token'] = null;
    if (contracts.token) {
      const hasCode = await chain.hasCode(contracts.token);
      // ERC-165 answers for the interfaces deliveries call (ERC-1155 and its metadata URI); a contract without
      // `supportsInterface` reverts, which is a no.
      const supports = async (id: `0x${string}`) =>
        client
          .readContract({
            address: contracts.token!,
            abi: ERC165_ABI,
            functionName: 'supportsInterface',
            args: [id],
          })
          .catch(() => false);
      const erc1155 =
        hasCode &&
        (await supports(INTERFACE_IDS.IERC1155)) &&
        (await supports(INTERFACE_IDS.IERC1155MetadataURI));
      token = { address: contracts.token, hasCode, erc1155 };
    }
    let drawRegistry: DeploymentFacts['drawRegistry'] = null;
    if (contracts.drawRegistry) {
      const hasCode = await chain.hasCode(contracts.drawRegistry);
      const genuine = hasCode && (await checkRegistryIdentity(client, chainId, contracts.drawRegistry));
      drawRegistry = { address: contracts.drawRegistry, hasCode, genuine };
    }
    return { chainId, signer: chain.signer, signerBalanceWei, gasPriceWei, token, drawRegistry };
  } catch (error) {
    throw mapChainError(error, 'probe the deployment');
  }
}

/** The signer's balance and the gas price now: what the balance trend samples (a mapped {@link ChainError}). */
export async function readSignerFunds(
  chain: ChainAdapter,
): Promise<{ chainId: number; signer: Address; balanceWei: bigint; gasPriceWei: bigint }> {
  try {
    const [balanceWei, gasPriceWei] = await Promise.all([
      chain.publicClient.getBalance({ address: chain.signer }),
      chain.publicClient.getGasPrice(),
    ]);
    return { chainId: chain.chainId, signer: chain.signer, balanceWei, gasPriceWei };
  } catch (error) {
    throw mapChainError(error, 'read the signer balance');
  }
}
