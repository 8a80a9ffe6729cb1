// The public face of `modules/analytics`: what other folders may import from it (decision 0181); the rest is its own.
export { AnalyticsRepository } from './analytics.repository.ts';
export { registerAnalyticsRoutes } from './analytics.routes.ts';
export { AnalyticsService } from './analytics.service.ts';
export { wireAnalytics } from './analytics.wiring.ts';
