import type { LightMyRequestResponse } from 'fastify';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { TestContext } from './test-context.ts';
import { bearerHeaders } from './auth-helpers.ts';

/** A wallet whose key the test holds (viem local account). */
export function testWallet(privateKey = generatePrivateKey()): PrivateKeyAccount {
  return privateKeyToAccount(privateKey);
}

/**
 * Sets the account's wallet address the honest way (decision 0063): asks for the Sign-In with Ethereum message,
 * signs it with the wallet's key, sends address and proof. Returns the PUT's response.
 */
export async function setWalletWithProof(
  ctx: Pick<TestContext, 'app'>,
  person: { token: string; userId: string },
  wallet: PrivateKeyAccount,
): Promise<LightMyRequestResponse> {
  const challenge = await ctx.app.inject({
    method: 'POST',
    url: `/api/account/${person.userId}/walletChallenge`,
    headers: bearerHeaders(person.token),
    payload: { address: wallet.address },
  });
  if (challenge.statusCode !== 200) throw new Error(`wallet challenge failed: ${challenge.body}`);
  const { message } = challenge.json() as { message: string };
  const signature = await wallet.signMessage({ message });
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/account/${person.userId}`,
    headers: bearerHeaders(person.token),
    payload: { walletAddress: wallet.address, walletProof: { message, signature } },
  });
}
