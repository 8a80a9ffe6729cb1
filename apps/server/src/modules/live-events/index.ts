// The public face of `modules/live-events`: what other folders may import from it (decision 0181); the rest is its own.
export { CAMPAIGN_RESULTS_CACHE, publishLiveEvent } from './live-events.ts';
export { registerLiveEventRoutes } from './live-events.routes.ts';
export { wireLiveEvents } from './live-events.wiring.ts';
