export * from './route.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './string-primitives.ts';
export * from './live-platform.ts';
export * from './error-reporting.ts';
export * from './sandbox-console.ts';
export * from './routes/system.routes.ts';
export * from './routes/account.routes.ts';
export * from './routes/identity.routes.ts';
export * from './routes/chain.routes.ts';
export * from './routes/admin-token.routes.ts';
export * from './routes/upload.routes.ts';
export * from './routes/digital-goods.routes.ts';
export * from './routes/campaign.routes.ts';
export * from './routes/font.routes.ts';
export * from './routes/delivery.routes.ts';
export * from './routes/manual-distribution.routes.ts';
export * from './routes/watchlist.routes.ts';
export * from './routes/like.routes.ts';
export * from './routes/streamer.routes.ts';
export * from './routes/collection.routes.ts';
export * from './routes/notification.routes.ts';
export * from './routes/admin-user.routes.ts';
export * from './routes/admin-analytics.routes.ts';
export * from './routes/admin-doctor.routes.ts';
export * from './routes/news.routes.ts';
export * from './routes/live.routes.ts';
export * from './routes/draw.routes.ts';
export * from './routes/draw-proof.routes.ts';
export * from './routes/campaign-results.routes.ts';

import { systemRoutes } from './routes/system.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { identityRoutes } from './routes/identity.routes.ts';
import { chainRoutes } from './routes/chain.routes.ts';
import { adminTokenRoutes } from './routes/admin-token.routes.ts';
import { uploadRoutes } from './routes/upload.routes.ts';
import { digitalGoodsRoutes } from './routes/digital-goods.routes.ts';
import { campaignRoutes } from './routes/campaign.routes.ts';
import { fontRoutes } from './routes/font.routes.ts';
import { deliveryRoutes } from './routes/delivery.routes.ts';
import { manualDistributionRoutes } from './routes/manual-distribution.routes.ts';
import { watchlistRoutes } from './routes/watchlist.routes.ts';
import { likeRoutes } from './routes/like.routes.ts';
import { streamerRoutes } from './routes/streamer.routes.ts';
import { collectionRoutes } from './routes/collection.routes.ts';
import { notificationRoutes } from './routes/notification.routes.ts';
import { adminUserRoutes } from './routes/admin-user.routes.ts';
import { adminAnalyticsRoutes } from './routes/admin-analytics.routes.ts';
import { adminDoctorRoutes } from './routes/admin-doctor.routes.ts';
import { newsRoutes } from './routes/news.routes.ts';
import { liveRoutes } from './routes/live.routes.ts';
import { drawRoutes } from './routes/draw.routes.ts';
import { drawProofRoutes } from './routes/draw-proof.routes.ts';
import { campaignResultsRoutes } from './routes/campaign-results.routes.ts';

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
  ...deliveryRoutes,
  ...manualDistributionRoutes,
  ...watchlistRoutes,
  ...likeRoutes,
  ...streamerRoutes,
  ...collectionRoutes,
  ...notificationRoutes,
  ...adminUserRoutes,
  ...adminAnalyticsRoutes,
  ...adminDoctorRoutes,
  ...newsRoutes,
  ...liveRoutes,
  ...drawRoutes,
  ...drawProofRoutes,
  ...campaignResultsRoutes,
};
export type ApiRoutes = typeof apiRoutes;
