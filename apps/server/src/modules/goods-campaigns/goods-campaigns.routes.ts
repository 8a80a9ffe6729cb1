import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { GoodsAndCampaigns } from './goods-campaigns.wiring.ts';
import { registerUploadRoutes } from '../uploads/index.ts';
import { registerTusRoutes } from '../uploads/index.ts';
import { registerFilesRoutes } from '../uploads/index.ts';
import { registerDigitalGoodsRoutes } from '../digital-goods/index.ts';
import { registerCampaignRoutes } from '../campaigns/index.ts';
import { registerCampaignPageRoutes, type PageResults } from '../campaigns/index.ts';
import { registerFontRoutes } from '../fonts/index.ts';

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
