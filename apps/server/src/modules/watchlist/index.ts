// The public face of `modules/watchlist`: what other folders may import from it (decision 0181); the rest is its own.
export { registerWatchlistRoutes } from './watchlist.routes.ts';
export { wireWatchlist } from './watchlist.wiring.ts';
