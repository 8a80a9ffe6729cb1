export * from './route.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './routes/system.routes.ts';
export * from './routes/account.routes.ts';
export * from './routes/identity.routes.ts';
export * from './routes/chain.routes.ts';
export * from './routes/admin-token.routes.ts';
export * from './routes/upload.routes.ts';
export * from './routes/digital-goods.routes.ts';
export * from './routes/campaign.routes.ts';
export * from './routes/font.routes.ts';

import { systemRoutes } from './routes/system.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { identityRoutes } from './routes/identity.routes.ts';
import { chainRoutes } from './routes/chain.routes.ts';
import { adminTokenRoutes } from './routes/admin-token.routes.ts';
import { uploadRoutes } from './routes/upload.routes.ts';
import { digitalGoodsRoutes } from './routes/digital-goods.routes.ts';
import { campaignRoutes } from './routes/campaign.routes.ts';
import { fontRoutes } from './routes/font.routes.ts';

/** Every API route of Hanabi. The server registers from it; the web client calls through it; tests walk it. */
export const apiRoutes = {
  ...systemRoutes,
  ...identityRoutes,
  ...accountRoutes,
  ...chainRoutes,
  ...adminTokenRoutes,
  ...uploadRoutes,
  ...digitalGoodsRoutes,
  ...campaignRoutes,
  ...fontRoutes,
};
export type ApiRoutes = typeof apiRoutes;
