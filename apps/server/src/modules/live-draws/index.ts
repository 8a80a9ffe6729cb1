// The public face of `modules/live-draws`: what other folders may import from it (decision 0181); the rest is its own.
export { registerDrawRoutes } from './draws.routes.ts';
export { wireDraws } from './draws.wiring.ts';
export type { DrawsArea } from './draws.wiring.ts';
export type { LiveStreamLookup } from './campaign-access.ts';
export { drawRecordSeam } from './draw-record.wiring.ts';
