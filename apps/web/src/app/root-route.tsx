import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useScrollRestoration } from '../lib/router';
import { RouteErrorBoundary } from './route-error';

/**
 * Top of the route tree: scroll restoration, and the error screen for whatever a route throws (cleared by the
 * next navigation). The session rule and the layouts are per route (`RoutePage` in routes.tsx).
 */
export function RootRoute({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const address = `${pathname}?${search}`;
  useScrollRestoration(address);
  return <RouteErrorBoundary resetKey={address}>{children}</RouteErrorBoundary>;
}
