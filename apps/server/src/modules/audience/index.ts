// The public face of `modules/audience`: what other folders may import from it (decision 0181); the rest is its own.
export { registerAudienceRoutes } from './audience.routes.ts';
export { wireAudience } from './audience.wiring.ts';
export type { Audience } from './audience.wiring.ts';
