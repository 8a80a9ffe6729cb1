import { getAddress } from 'viem';
import type { HexAddress } from './token-contract.ts';

/**
 * EVM addresses as people type them, checked with viem's EIP-55 checksum (Keccak-256 of the lowercase hex). The
 * one place the server turns text into an address: the wallet form, the operator's token tools, manual
 * distribution's recipient list and the token ledger all come here.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 checksummed form of an address (any case in, mixed case out). */
export function toChecksumAddress(address: string): HexAddress {
  if (!ADDRESS.test(address)) throw new Error('not an address');
  return getAddress(address.toLowerCase());
}

/**
 * Checks an address as typed. All-lowercase or all-uppercase is accepted (no checksum given); mixed case must
 * be a correct EIP-55 checksum, which catches a mistyped character.
 */
export function parseWalletAddress(
  address: string,
): { ok: true; address: HexAddress } | { ok: false; reason: string } {
  if (!ADDRESS.test(address)) return { ok: false, reason: 'must be 0x followed by 40 hexadecimal digits' };
  const digits = address.slice(2);
  const checksummed = toChecksumAddress(address);
  const singleCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!singleCase && checksummed !== address) {
    return { ok: false, reason: 'has a wrong EIP-55 checksum (check for a mistyped character)' };
  }
  return { ok: true, address: checksummed };
}
