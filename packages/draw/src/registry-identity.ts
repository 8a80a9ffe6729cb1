/**
 * Is the contract a proof names as its registry really Hanabi's draw registry? The record check trusts the
 * registry's rules — one record per draw id, draws of a campaign numbered without gaps, nothing ever rewritten —
 * and those rules live in its code. Any contract can emit a `DrawCommitted` event: an operator who deployed one of
 * their own could log several records for a draw before its round and, once the round is out, name the one whose
 * secret gives the winners they want. So every verifier compares the code at the address with the registry's
 * published code (`packages/token` `HanabiDrawRegistry.sol`, compiled as its artifact says) before reading a record.
 */
import { keccak256, parseAbi, type Hex, type PublicClient } from 'viem';

/**
 * keccak-256 of the registry's runtime code with its one immutable (`publisher`) as zeros, as solc leaves it in the
 * artifact's `deployedBytecode`. `registry-identity.test.ts` keeps it equal to the artifact.
 */
export const DRAW_REGISTRY_CODE_HASH = '0xc32b165e1fc66b1959b443ec26dac3bb0beeb14b5f169b09e2b1153d286feb27';

const PUBLISHER_ABI = parseAbi(['function publisher() view returns (address)']);

/**
 * The registry's runtime code as its artifact has it: the deployed code with the publisher's address — the only
 * immutable, written into the code at deployment as a 32-byte word — put back to zeros.
 */
export function registryCodeAsCompiled(deployedCode: Hex, publisher: string): Hex {
  const word = publisher.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  return deployedCode.toLowerCase().replaceAll(word, '0'.repeat(64)) as Hex;
}

/** True when `code` (with its publisher) is the registry's code; false for any other contract or none. */
export function isRegistryCode(deployedCode: Hex | undefined, publisher: string | undefined): boolean {
  if (!deployedCode || deployedCode === '0x' || !publisher) return false;
  return keccak256(registryCodeAsCompiled(deployedCode, publisher)) === DRAW_REGISTRY_CODE_HASH;
}

/** Registries already found genuine, per chain and address: code cannot change, so one look is enough. */
const known = new Set<string>();

/** Reads the code and publisher at `registry` and answers whether it is Hanabi's draw registry. */
export async function checkRegistryIdentity(
  client: PublicClient,
  chainId: number,
  registry: string,
): Promise<boolean> {
  const key = `${chainId}:${registry.toLowerCase()}`;
  if (known.has(key)) return true;
  const address = registry as Hex;
  const code = await client.getCode({ address });
  if (!code || code === '0x') return false;
  const publisher = await client
    .readContract({ address, abi: PUBLISHER_ABI, functionName: 'publisher' })
    .catch(() => undefined);
  const genuine = isRegistryCode(code, publisher);
  if (genuine) known.add(key);
  return genuine;
}
