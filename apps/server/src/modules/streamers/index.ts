// The public face of `modules/streamers`: what other folders may import from it (decision 0181); the rest is its own.
export { StreamerPageService } from './streamer-page.service.ts';
export { StreamerRepository } from './streamer.repository.ts';
export { registerStreamerRoutes } from './streamer.routes.ts';
export { StreamerService } from './streamer.service.ts';
