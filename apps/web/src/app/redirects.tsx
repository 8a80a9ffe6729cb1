import { Redirect, useLocation, useSearch } from 'wouter';
import { distributerRedirect } from './route-rules';

/** `/distributer/...` → the same path under `/streamer`, keeping query and hash. */
export function DistributerRedirect() {
  const [pathname] = useLocation();
  const search = useSearch();
  const target = distributerRedirect(pathname) ?? '/streamer';
  return <Redirect to={`${target}${search ? `?${search}` : ''}${window.location.hash}`} replace />;
}
