import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { CenteredLoader } from '../../components/centered-loader';
import { useAccount } from '../../lib/account';
import { isPublicPath, sessionRedirect } from '../route-rules';

/**
 * Public pages render at once; any other page waits for the session and, without one, goes to
 * `/signup/audience` (path contains "audience") or `/signup/streamer`. The original page is passed on as
 * `state.from` so the sign-in flow can come back to it.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const query = useSearch();
  const search = query ? `?${query}` : '';
  const account = useAccount();
  if (isPublicPath(pathname, search)) return children;
  if (account.isPending) return <CenteredLoader />;
  const redirect = sessionRedirect(pathname, search, Boolean(account.data));
  if (redirect) return <Redirect to={redirect} replace state={{ from: `${pathname}${search}` }} />;
  return children;
}
