import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../adapters/storage/index.ts';
import type { GoodsAndCampaigns } from './goods-campaigns.wiring.ts';
import { registerUploadRoutes } from './uploads/upload.routes.ts';
import { registerTusRoutes } from './uploads/tus.routes.ts';
import { registerFilesRoutes } from './uploads/files.routes.ts';
import { registerDigitalGoodsRoutes } from './digital-goods/digital-goods.routes.ts';
import { registerCampaignRoutes } from './campaigns/campaign.routes.ts';
import { registerCampaignPageRoutes, type PageResults } from './campaigns/campaign-page.routes.ts';
import { registerFontRoutes } from './fonts/fonts.routes.ts';

/**
 * The routes of the making side: uploads (one request and tus), stored files, digital goods, campaigns, the
 * campaign page for crawlers and the editor fonts.
 */
export async function registerGoodsAndCampaignRoutes(
  app: FastifyInstance,
  services: GoodsAndCampaigns['services'],
  storage: FileStorage,
  options: {
    publicOrigin: string;
    webDist: string | undefined;
    pageConfig?: Record<string, unknown>;
    pageResults?: PageResults;
  },
): Promise<void> {
  await registerUploadRoutes(app, services.assets);
  await registerTusRoutes(app, services.tusUploads, { publicOrigin: options.publicOrigin });
  registerFilesRoutes(app, storage);
  registerDigitalGoodsRoutes(app, services.digitalGoods);
  await services.campaignReads.attach();
  registerCampaignRoutes(app, services.campaigns, services.campaignReads);
  registerCampaignPageRoutes(app, services.campaignPages, {
    webDist: options.webDist,
    pageConfig: options.pageConfig,
    pageResults: options.pageResults,
  });
  registerFontRoutes(app);
}
