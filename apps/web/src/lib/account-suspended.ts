import { useSyncExternalStore } from 'react';

/**
 * Whether the server refused this browser's session because the account is suspended (403
 * `ACCOUNT_SUSPENDED` on the account read). The app then runs signed out, as the server treats it, but says why
 * instead of silently sending the person to sign-in. Kept for the tab (sessionStorage) so a reload still says so.
 */
const KEY = 'hanabi.accountSuspended';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markAccountSuspended(suspended: boolean): void {
  if (read() === suspended) return;
  try {
    if (suspended) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the notice just does not survive a reload.
  }
  for (const listener of listeners) listener();
}

export function useAccountSuspended(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
}
