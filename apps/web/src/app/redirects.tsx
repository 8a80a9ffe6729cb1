import { Navigate, useLocation } from 'react-router';
import { distributerRedirect } from './route-rules';

/** `/distributer/...` → the same path under `/streamer`, keeping query and hash. */
export function DistributerRedirect() {
  const location = useLocation();
  const target = distributerRedirect(location.pathname) ?? '/streamer';
  return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
}
