export * from './route.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './routes/system.routes.ts';
export * from './routes/account.routes.ts';
export * from './routes/identity.routes.ts';
export * from './routes/chain.routes.ts';

import { systemRoutes } from './routes/system.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { identityRoutes } from './routes/identity.routes.ts';
import { chainRoutes } from './routes/chain.routes.ts';

/** Every API route of Hanabi. The server registers from it; the web client calls through it; tests walk it. */
export const apiRoutes = {
  ...systemRoutes,
  ...identityRoutes,
  ...accountRoutes,
  ...chainRoutes,
};
export type ApiRoutes = typeof apiRoutes;
