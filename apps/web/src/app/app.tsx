import { Router } from 'wouter';
import { createQueryClient } from '../lib/query-client';
import { installBrowserHistory, useAppLocation } from '../lib/router';
import { AppProviders } from './providers';
import { RootRoute } from './root-route';
import { AppRoutes } from './routes';

// One client for the page's lifetime: a matched route prefetches into it (lazy-route.ts) before its page renders.
const queryClient = createQueryClient();
installBrowserHistory();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <Router hook={useAppLocation}>
        <RootRoute>
          <AppRoutes />
        </RootRoute>
      </Router>
    </AppProviders>
  );
}
