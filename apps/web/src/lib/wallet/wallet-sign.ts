import { privateKeyToAccount } from 'viem/accounts';

/** Signs a message as the wallet (EIP-191 `personal_sign`), e.g. the server's proof-of-control message. */
export type MessageSigner = (message: string) => Promise<`0x${string}`>;

/** The browser wallet signs for itself: it holds the key once created, restored or unlocked. */
export function privateKeySigner(privateKey: `0x${string}`): MessageSigner {
  const account = privateKeyToAccount(privateKey);
  return (message) => account.signMessage({ message });
}
