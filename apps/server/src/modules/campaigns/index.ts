// The public face of `modules/campaigns`: what other folders may import from it (decision 0181); the rest is its own.
export { registerCampaignPageRoutes } from './campaign-page.routes.ts';
export type { PageResults } from './campaign-page.routes.ts';
export { CampaignRepository, effectiveStatusSql } from './campaign.repository.ts';
export { registerCampaignRoutes } from './campaign.routes.ts';
export { CampaignService, settledStatus } from './campaign.service.ts';
export { wireCampaigns } from './campaigns.wiring.ts';
