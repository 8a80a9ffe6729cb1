// The public face of `modules/watchlist`: what other folders may import from it (decision 0181); the rest is its own.
export { WatchlistRepository } from './watchlist.repository.ts';
export { registerWatchlistRoutes } from './watchlist.routes.ts';
export { WatchlistService } from './watchlist.service.ts';
