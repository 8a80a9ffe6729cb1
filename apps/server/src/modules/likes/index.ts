// The public face of `modules/likes`: what other folders may import from it (decision 0181); the rest is its own.
export { LikeRepository } from './like.repository.ts';
export { registerLikeRoutes } from './like.routes.ts';
export { LikeService } from './like.service.ts';
