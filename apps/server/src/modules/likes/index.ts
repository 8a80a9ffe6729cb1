// The public face of `modules/likes`: what other folders may import from it (decision 0181); the rest is its own.
export { registerLikeRoutes } from './like.routes.ts';
export { wireLikes } from './likes.wiring.ts';
