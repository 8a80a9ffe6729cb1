import { SIGNIN_ERROR_NOT_REGISTERED, apiRoutes, authEndpoints } from '@hanabi/api';
import type { Account } from '@hanabi/api';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from './api-client';
import { markAccountSuspended } from './account-suspended';
import { callApi, isApiError } from './api-client';
import { clearSessionToken, setSessionToken } from './session-token';

export type AuthSession = ApiResponse<typeof authEndpoints.getSession>;

/**
 * better-auth's view of the session (`GET /api/auth/get-session`; null when there is none). Its token becomes the
 * bearer of every later call, as the original sent its ID token; the call also extends an active session.
 * Throws `ApiError` when the server cannot be asked.
 */
export async function readSession(): Promise<AuthSession> {
  const session = await callApi(authEndpoints.getSession);
  if (session?.session.token) setSessionToken(session.session.token);
  else clearSessionToken();
  return session;
}

/** TanStack Query key of the signed-in account; `null` means signed out. */
export const accountQueryKey = ['account'] as const;

/**
 * Reads the session from the server. 401 means signed out (so signed-out visits never touch better-auth's
 * rate-limited endpoints). Any other failure (no server, a static host
 * answering 404 or HTML, a network fault) is also treated as signed out so the public pages still work;
 * it is logged, not thrown.
 */
export async function fetchAccount(): Promise<Account | null> {
  try {
    const account = await callApi(apiRoutes.myAccountBase);
    markAccountSuspended(false);
    // Signed in (by the session cookie): pick up the bearer token and extend the session, in the background.
    readSession().catch((error: unknown) => console.warn('Could not read the session token.', error));
    return account;
  } catch (error) {
    // Suspended: signed out as far as the app goes, with a notice saying why (not a silent bounce).
    if (isApiError(error) && error.code === 'ACCOUNT_SUSPENDED') {
      markAccountSuspended(true);
      return null;
    }
    // 401: signed out. 404 'not yet register': an identity mid sign-up (finishSignUp takes it from there).
    const expected =
      isApiError(error) &&
      (error.status === 401 || (error.status === 404 && error.message === SIGNIN_ERROR_NOT_REGISTERED));
    if (!expected) {
      console.warn('Could not read the session; continuing signed out.', error);
    }
    return null;
  }
}

/**
 * The cached account. As in the original: once loaded it is reused and not fetched again
 * (no staleness, no refetch on focus or mount); every successful account call replaces it
 * through `setAccountCache`.
 */
export function useAccount() {
  return useQuery({
    queryKey: accountQueryKey,
    queryFn: fetchAccount,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Every successful account call (sign-in, sign-up, account update, link) stores its answer here. */
export function setAccountCache(queryClient: QueryClient, account: Account | null): void {
  queryClient.setQueryData(accountQueryKey, account);
}

/** Where the signed-in person's own home is. */
export function homePathFor(account: Pick<Account, 'type'>): string {
  return `/${account.type}/home`;
}
