import { apiRoutes, type Account, type AccountLinkBody, type UpdateAccountBody } from '@hanabi/api';
import { ApiError, callApi } from '../../lib/api-client';
import type { MessageSigner } from '../../lib/wallet';

/** `PUT /api/account/:id`; the answer replaces the cached account (the caller stores it). */
export function updateAccount(id: string, body: UpdateAccountBody): Promise<Account> {
  return callApi(apiRoutes.updateAccount, { params: { id }, body });
}

/**
 * Saves the wallet address on the account (the only thing about the wallet the server ever learns), with proof
 * that the wallet is ours (decision 0063): the server's Sign-In with Ethereum message, signed by the wallet.
 * Replacing an address may answer 403 RECENT_SIGN_IN_REQUIRED (see `needsRecentSignIn`).
 */
export async function saveWalletAddress(
  id: string,
  walletAddress: string,
  sign: MessageSigner,
): Promise<Account> {
  const { message } = await callApi(apiRoutes.walletChallenge, {
    params: { id },
    body: { address: walletAddress },
  });
  const signature = await sign(message);
  return updateAccount(id, { walletAddress, walletProof: { message, signature } });
}

/** Whether a failed save asks the person to sign in again first ("confirm it's you"). */
export function needsRecentSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'RECENT_SIGN_IN_REQUIRED';
}

/** The undo link of a wallet change notice (`/wallet/undo?token=`). */
export function undoWalletChange(token: string) {
  return callApi(apiRoutes.walletUndo, { body: { token } });
}

/** `PUT /api/account/:id/firebaselink`: an Account, or `{ redirectUrl }` to follow for Google/X. */
export function updateSignInLink(id: string, body: AccountLinkBody) {
  return callApi(apiRoutes.updateAccountLink, { params: { id }, body });
}
