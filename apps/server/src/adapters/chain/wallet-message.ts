import { verifyMessage, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';

/**
 * Sign-In with Ethereum (EIP-4361) messages and `personal_sign` signatures, with viem: what the account module's
 * wallet proof (decision 0063) needs of the chain library, and no more. The challenge rows stay in the module.
 */

/** What the message names: the site (`domain`, `uri`), the chain, the account, a nonce and its time window. */
export interface WalletMessageFields {
  domain: string;
  uri: string;
  chainId: number;
  address: string;
  statement: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

/** A fresh nonce for one message. */
export function walletMessageNonce(): string {
  return generateSiweNonce();
}

/** The EIP-4361 text the wallet is asked to sign. */
export function walletMessage(fields: WalletMessageFields): string {
  return createSiweMessage({ ...fields, address: fields.address as Hex, version: '1' });
}

/**
 * The nonce of `message` when it is an EIP-4361 message for this address, site and chain, valid at `time`; else
 * null. The signature is checked apart ({@link signedBy}), once the nonce is spent.
 */
export function walletMessageNonceIfValid(
  message: string,
  expected: { address: string; domain: string; uri: string; chainId: number; time: Date },
): string | null {
  const parsed = parseSiweMessage(message);
  if (
    !parsed.nonce ||
    !parsed.address ||
    parsed.chainId !== expected.chainId ||
    parsed.uri !== expected.uri ||
    !validateSiweMessage({
      message: parsed,
      address: expected.address as Hex,
      domain: expected.domain,
      time: expected.time,
    })
  ) {
    return null;
  }
  return parsed.nonce;
}

/** Whether `signature` is `address`'s `personal_sign` of `message` (a malformed signature is simply no). */
export async function signedBy(address: string, message: string, signature: string): Promise<boolean> {
  return verifyMessage({ address: address as Hex, message, signature: signature as Hex }).catch(() => false);
}
