import type { Account, PublicConfig } from '@hanabi/api';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { RootRoute } from '../app/root-route';
import { AppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { installBrowserHistory, navigate, useAppLocation } from '../lib/router';
import { rememberContinued } from '../lib/wallet/wallet-continued';
import { jsonResponse, unauthenticated } from './fixtures';

interface RenderAppOptions {
  /** The session the fake server reports; omitted = signed out (401). */
  account?: Account;
  config?: PublicConfig;
  /**
   * Whether this browser already knows the account's wallet (decision 0065: otherwise the returning-wallet step
   * holds pages that need one). Default true; wallet-step tests pass false.
   */
  walletKnownHere?: boolean;
  /** Answers other calls first (return undefined to fall through to the defaults). */
  api?: (url: string, init: RequestInit | undefined) => Response | undefined | Promise<Response | undefined>;
}

/**
 * Renders the real route table with the app's own location hook on jsdom's history (so blockers, entry keys and
 * Back behave as in the browser) and the real providers, against a fake `fetch` that answers the session and
 * config calls. `router` reads the address and goes back (`router.navigate(-1)`) or elsewhere.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const address = options.account?.walletAddress;
  if (address && options.walletKnownHere !== false) rememberContinued(address);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = await options.api?.(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/myAccountBase')) {
      return options.account ? jsonResponse(200, options.account) : unauthenticated();
    }
    if (url.startsWith('/api/auth/get-session')) {
      return jsonResponse(
        200,
        options.account
          ? {
              session: { token: 'test-session-token', expiresAt: '2999-01-01T00:00:00.000Z' },
              user: { id: 'auth_1', email: options.account.email ?? 'x@example.test' },
            }
          : null,
      );
    }
    if (url.startsWith('/api/config') && options.config) return jsonResponse(200, options.config);
    if (url.startsWith('/api/signout')) return new Response(null, { status: 204 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  installBrowserHistory();
  navigate(path, { replace: true });
  const router = {
    get location() {
      return { pathname: window.location.pathname, search: window.location.search };
    },
    navigate: (to: string | -1) => (to === -1 ? window.history.back() : navigate(to)),
  };
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <Router hook={useAppLocation}>
        <RootRoute>
          <AppRoutes />
        </RootRoute>
      </Router>
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}
