import { apiRoutes, type Account, type AccountLinkBody, type UpdateAccountBody } from '@hanabi/api';
import { callApi } from '../../lib/api-client';

/** `PUT /api/account/:id`; the answer replaces the cached account (the caller stores it). */
export function updateAccount(id: string, body: UpdateAccountBody): Promise<Account> {
  return callApi(apiRoutes.updateAccount, { params: { id }, body });
}

/** Saves the wallet address on the account (the only thing about the wallet the server ever learns). */
export function saveWalletAddress(id: string, walletAddress: string): Promise<Account> {
  return updateAccount(id, { walletAddress });
}

/** `PUT /api/account/:id/firebaselink`: an Account, or `{ redirectUrl }` to follow for Google/X. */
export function updateSignInLink(id: string, body: AccountLinkBody) {
  return callApi(apiRoutes.updateAccountLink, { params: { id }, body });
}
