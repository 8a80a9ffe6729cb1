// The public face of `modules/streamers`: what other folders may import from it (decision 0181); the rest is its own.
export { registerStreamerRoutes } from './streamer.routes.ts';
export { wireStreamers } from './streamers.wiring.ts';
