import { apiRoutes } from '@hanabi/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { accountQueryKey, setAccountCache } from './account';
import { callApi } from './api-client';
import { clearSessionToken } from './session-token';
import { signInPathFor } from './sign-in-path';

export interface SignOutOptions {
  /** Also end every other session of this person (all devices). */
  everywhere?: boolean;
}

/**
 * Signs out: ends the server session with `POST /api/signout` (with `everywhere`, every session of the person),
 * forgets the bearer token and every cached answer, marks the account signed out and goes where the sign-out
 * rule says (`/signup/audience` from an audience path, else `/signup/streamer`).
 * A failing sign-out call still signs out locally; with `everywhere` it throws afterwards so the caller can say
 * that the other devices may still be signed in.
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const [pathname, navigate] = useLocation();
  return useCallback(
    async (options: SignOutOptions = {}) => {
      let failure: unknown = null;
      try {
        await callApi(apiRoutes.signout, { body: options.everywhere ? { everywhere: true } : undefined });
      } catch (error) {
        console.warn('Sign-out call failed; clearing the local session anyway.', error);
        failure = error;
      }
      clearSessionToken();
      // Forget everything fetched for this user, then mark the session signed out (observers are notified).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountQueryKey[0] });
      setAccountCache(queryClient, null);
      navigate(signInPathFor(pathname), { replace: true });
      if (failure && options.everywhere) throw failure;
    },
    [navigate, pathname, queryClient],
  );
}
