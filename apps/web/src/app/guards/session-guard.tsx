import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { useAccount } from '../../lib/account';
import { isPublicPath, sessionRedirect } from '../route-rules';

/**
 * Public pages render at once; any other page waits for the session and, without one, goes to
 * `/signup/audience` (path contains "audience") or `/signup/streamer`. The original page is passed on as
 * `state.from` so the sign-in flow can come back to it.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const account = useAccount();
  if (isPublicPath(location.pathname, location.search)) return children;
  if (account.isPending) return <CenteredLoader />;
  const redirect = sessionRedirect(location.pathname, location.search, Boolean(account.data));
  if (redirect) {
    return <Navigate to={redirect} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
