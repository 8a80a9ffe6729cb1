/**
 * What the sign-in flow remembers across the redirect (docs/original-spec.md §4, step 1): the e-mail a link was sent
 * to (`emailForSignIn`) and the OAuth provider chosen (`authRedirect`), in localStorage under the original's keys.
 */
import type { AuthProvider, OAuthProvider } from '@hanabi/api';

export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';
export const AUTH_REDIRECT_KEY = 'authRedirect';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy mode): the flow still works, it only forgets
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // ignore: see storage()
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore: see storage()
  }
}

export function rememberEmailForSignIn(email: string): void {
  write(EMAIL_FOR_SIGN_IN_KEY, email);
  remove(AUTH_REDIRECT_KEY);
}

export function emailForSignIn(): string | null {
  return read(EMAIL_FOR_SIGN_IN_KEY);
}

export function rememberAuthRedirect(provider: OAuthProvider): void {
  write(AUTH_REDIRECT_KEY, provider);
}

export function authRedirect(): OAuthProvider | null {
  const value = read(AUTH_REDIRECT_KEY);
  return value === 'google' || value === 'twitter' ? value : null;
}

/** The method the browser believes it used: the OAuth choice if one was made, else the e-mail link. */
export function rememberedAuthProvider(): AuthProvider | undefined {
  return authRedirect() ?? (emailForSignIn() ? 'email' : undefined);
}

/** Done: forget both (original: cleared once the sign-in has completed). */
export function clearSignInMemory(): void {
  remove(EMAIL_FOR_SIGN_IN_KEY);
  remove(AUTH_REDIRECT_KEY);
}
