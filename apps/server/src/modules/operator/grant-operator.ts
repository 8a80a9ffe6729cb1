import type { AccountRepository } from '../account/index.ts';
import type { IdentityRepository } from '../identity/index.ts';

export type GrantOperatorResult =
  | { outcome: 'granted' | 'already-operator'; userId: string; name: string; email: string }
  | { outcome: 'unknown-email' | 'not-signed-up'; email: string };

/** Gives the operator role to the Hanabi user signing in with `email` (`npm run operator -- <email>`). */
export async function grantOperator(
  deps: { identities: IdentityRepository; accounts: AccountRepository },
  rawEmail: string,
): Promise<GrantOperatorResult> {
  const email = rawEmail.trim().toLowerCase();
  const identity = await deps.identities.findByEmail(email);
  if (!identity) return { outcome: 'unknown-email', email };
  const user = await deps.accounts.findByAuthUserId(identity.id);
  if (!user) return { outcome: 'not-signed-up', email };
  if (user.role === 'operator')
    return { outcome: 'already-operator', userId: user.id, name: user.name, email };
  await deps.accounts.update(user.id, { role: 'operator' });
  return { outcome: 'granted', userId: user.id, name: user.name, email };
}

/** One line a person can act on, and the process exit code. */
export function describeGrant(result: GrantOperatorResult): { message: string; exitCode: number } {
  switch (result.outcome) {
    case 'granted':
      return {
        message: `Granted the operator role to ${result.name} <${result.email}> (user ${result.userId}).`,
        exitCode: 0,
      };
    case 'already-operator':
      return {
        message: `${result.name} <${result.email}> (user ${result.userId}) is already an operator; nothing changed.`,
        exitCode: 0,
      };
    case 'unknown-email':
      return {
        message: `No one signs in with ${result.email}. Ask them to sign in to Hanabi once, then run this again.`,
        exitCode: 1,
      };
    case 'not-signed-up':
      return {
        message: `${result.email} has signed in but not finished sign-up (no Hanabi user yet). Ask them to finish it, then run this again.`,
        exitCode: 1,
      };
  }
}
