// The public face of `modules/metrics`: what other folders may import from it (decision 0181); the rest is its own.
export { metricsAccess } from './metrics-access.ts';
export { registerMetricsRoutes } from './metrics.routes.ts';
export { MetricsService } from './metrics.service.ts';
export { wireMetrics } from './metrics.wiring.ts';
export { countChatMessages, countDeliveries, countDraw } from './process-counters.ts';
export type { DeliveryOutcome, DrawOutcome } from './process-counters.ts';
