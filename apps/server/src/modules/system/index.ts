// The public face of `modules/system`: what other folders may import from it (decision 0181); the rest is its own.
export { registerSystemRoutes } from './system.routes.ts';
export { startWorkerProbe } from './worker-probe.ts';
export { wireSystem } from './system.wiring.ts';
