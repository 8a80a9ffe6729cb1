import type { Account } from '@hanabi/api';

/** Whose wallet this is, for the copy: a winner (audience), an issuer (streamer) or an operator. */
export type WalletRole = 'audience' | 'streamer' | 'operator';

export function walletRoleOf(account: Pick<Account, 'type' | 'role'>): WalletRole {
  if (account.role === 'operator') return 'operator';
  return account.type;
}
