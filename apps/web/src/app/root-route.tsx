import { Outlet, ScrollRestoration } from 'react-router';
import { SessionGuard } from './guards/session-guard';

/** Top of the route tree: the session rule, then the matched layout (which applies the wallet step). */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <SessionGuard>
        <Outlet />
      </SessionGuard>
    </>
  );
}
