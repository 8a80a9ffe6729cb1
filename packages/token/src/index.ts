/**
 * @hanabi/token: the Hanabi ERC-1155 prize token (contracts/HanabiToken.sol) and the draw registry
 * (contracts/HanabiDrawRegistry.sol) for TypeScript callers.
 *
 * - `hanabiTokenAbi` / `hanabiTokenBytecode`: the committed compiler output (src/artifact.ts, generated).
 * - Role ids and ERC-165 interface ids.
 * - `deployHanabiToken(walletClient, publicClient, admin)`: deploys and returns the address.
 * - `hanabiDrawRegistryAbi` / `hanabiDrawRegistryBytecode` (src/draw-registry-artifact.ts, generated) and
 *   `deployHanabiDrawRegistry(walletClient, publicClient, publisher)`.
 * - `startAnvil()` (./anvil.ts): a local chain for tests, benchmarks and local development.
 */
import {
  keccak256,
  toHex,
  zeroHash,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Transport,
} from 'viem';
import { deployContract, waitForTransactionReceipt } from 'viem/actions';
import { hanabiTokenAbi, hanabiTokenBytecode } from './artifact.ts';
import { hanabiDrawRegistryAbi, hanabiDrawRegistryBytecode } from './draw-registry-artifact.ts';

export {
  hanabiTokenAbi,
  hanabiTokenBytecode,
  hanabiTokenDeployedBytecode,
  hanabiTokenSourceHash,
} from './artifact.ts';
export {
  hanabiDrawRegistryAbi,
  hanabiDrawRegistryBytecode,
  hanabiDrawRegistryDeployedBytecode,
  hanabiDrawRegistrySourceHash,
} from './draw-registry-artifact.ts';
export { startAnvil, findAnvilBinary, freePort, ANVIL_MNEMONIC, ANVIL_CHAIN_ID } from './anvil.ts';
export type { AnvilOptions, AnvilInstance } from './anvil.ts';

/** Grants and revokes every role (including itself). */
export const DEFAULT_ADMIN_ROLE = zeroHash;
/** May call mint, mintBatch and airdrop. */
export const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'));
/** May call setURI and setContractURI. */
export const URI_SETTER_ROLE = keccak256(toHex('URI_SETTER_ROLE'));

export const HANABI_ROLES = { DEFAULT_ADMIN_ROLE, MINTER_ROLE, URI_SETTER_ROLE } as const;

/** ERC-165 interface ids that `supportsInterface` answers true for. */
export const INTERFACE_IDS = {
  IERC165: '0x01ffc9a7',
  IERC1155: '0xd9b67a26',
  IERC1155MetadataURI: '0x0e89341c',
  IAccessControl: '0x7965db0b',
  IERC5216: '0x1be07d74',
} as const;

export interface DeployHanabiTokenOptions {
  /** ERC-7572 contract-level metadata URI; default ''. */
  contractURI?: string;
  /** Confirmations to wait for; default 1. */
  confirmations?: number;
}

/**
 * Deploys HanabiToken from `walletClient`'s account; `admin` receives DEFAULT_ADMIN_ROLE, MINTER_ROLE and
 * URI_SETTER_ROLE. Waits for the receipt on `publicClient` and returns the contract address.
 */
export async function deployHanabiToken(
  walletClient: Client<Transport, Chain | undefined, Account>,
  publicClient: Client,
  admin: Address,
  options: DeployHanabiTokenOptions = {},
): Promise<Address> {
  const hash = await deployContract(walletClient, {
    abi: hanabiTokenAbi,
    bytecode: hanabiTokenBytecode,
    args: [admin, options.contractURI ?? ''],
    account: walletClient.account,
    chain: walletClient.chain,
  });
  return deployedAddress(publicClient, hash, 'HanabiToken', options.confirmations);
}

export interface DeployHanabiDrawRegistryOptions {
  /** Confirmations to wait for; default 1. */
  confirmations?: number;
}

/**
 * Deploys HanabiDrawRegistry from `walletClient`'s account; `publisher` becomes the only account that may `commit`
 * (for good: the contract has no owner and no way to change it). Waits for the receipt on `publicClient` and returns
 * the contract address.
 */
export async function deployHanabiDrawRegistry(
  walletClient: Client<Transport, Chain | undefined, Account>,
  publicClient: Client,
  publisher: Address,
  options: DeployHanabiDrawRegistryOptions = {},
): Promise<Address> {
  const hash = await deployContract(walletClient, {
    abi: hanabiDrawRegistryAbi,
    bytecode: hanabiDrawRegistryBytecode,
    args: [publisher],
    account: walletClient.account,
    chain: walletClient.chain,
  });
  return deployedAddress(publicClient, hash, 'HanabiDrawRegistry', options.confirmations);
}

/** Waits for a deployment's receipt and returns the contract address; throws if it reverted. */
async function deployedAddress(
  publicClient: Client,
  hash: Hash,
  contract: string,
  confirmations = 1,
): Promise<Address> {
  const receipt = await waitForTransactionReceipt(publicClient, { hash, confirmations });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`${contract} deployment failed (tx ${hash}, status ${receipt.status})`);
  }
  return receipt.contractAddress;
}
