import { SIGNIN_ERROR_NOT_REGISTERED, apiRoutes, authEndpoints } from '@hanabi/api';
import type { Account } from '@hanabi/api';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from './api-client';
import { markAccountSuspended } from './account-suspended';
import { callApi, isApiError } from './api-client';
import { hasSessionHint } from './page-data';
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
 * Reads the account. better-auth's session endpoint first (`GET /api/auth/get-session`: 200 with `null` when there
 * is no session, the bearer token when there is one); only with a session is the signed-in
 * `GET /api/myAccountBase` asked, so signed-out pages make no call that answers 401 (decision 0095). Any other
 * failure (no server, a static host answering 404 or HTML, a network fault) is treated as signed out so the public
 * pages still work; it is logged, not thrown. Without the server's session hint cookie the browser has no session
 * to find, so nothing is asked at all (decision 0113: a viewer from chat costs no session call).
 */
export async function fetchAccount(): Promise<Account | null> {
  if (!hasSessionHint()) {
    clearSessionToken();
    return null;
  }
  // The sign-up landing takes the account from its own `POST /api/signin`, which also answers for an identity not
  // registered yet: asking here too would only earn that identity a 404 in the console.
  if (window.location.pathname.endsWith('/finishSignUp')) return null;
  try {
    const session = await readSession();
    if (!session) return null;
    const account = await callApi(apiRoutes.myAccountBase);
    markAccountSuspended(false);
    return account;
  } catch (error) {
    // Suspended: signed out as far as the app goes, with a notice saying why (not a silent bounce).
    if (isApiError(error) && error.code === 'ACCOUNT_SUSPENDED') {
      markAccountSuspended(true);
      return null;
    }
    // 401: the session ended meanwhile. 404 'not yet register': an identity mid sign-up (finishSignUp takes it from there).
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
    queryFn: readAccountForCache,
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
  accountWrites += 1;
  queryClient.setQueryData(accountQueryKey, account);
}

/** Counts `setAccountCache` calls, so a read that started before one does not overwrite its answer. */
let accountWrites = 0;

/**
 * The account query's read. A read in flight while sign-in or sign-up stores the new account (it started before the
 * session existed, or while the identity had no Hanabi account yet) would otherwise land after it and put "signed
 * out" back; its answer then yields to what was stored.
 */
export async function readAccountForCache(context: { client: QueryClient }): Promise<Account | null> {
  const writesBefore = accountWrites;
  const account = await fetchAccount();
  if (accountWrites !== writesBefore) {
    return context.client.getQueryData<Account | null>(accountQueryKey) ?? null;
  }
  return account;
}

/** Where the signed-in person's own home is. */
export function homePathFor(account: Pick<Account, 'type'>): string {
  return `/${account.type}/home`;
}
