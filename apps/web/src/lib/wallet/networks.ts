/** Network names for the wallet step (docs/original-spec.md §8: 1 mainnet, 3 ropsten, 4 rinkeby; others prompt a change). */
import { KNOWN_NETWORKS } from '@hanabi/api';

/** The known name of a chain id, or null for any other id. */
export function networkName(chainId: number): string | null {
  return KNOWN_NETWORKS[chainId] ?? null;
}

/** A label for any chain id: its known name, else `chain 12345`. */
export function networkLabel(chainId: number): string {
  return networkName(chainId) ?? `chain ${chainId}`;
}

/** Whether the wallet is on the network Hanabi delivers on; anything else prompts a switch. */
export function isExpectedNetwork(
  walletChainId: number | null | undefined,
  expectedChainId: number,
): boolean {
  return walletChainId === expectedChainId;
}
