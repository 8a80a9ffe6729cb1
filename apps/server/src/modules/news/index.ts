// The public face of `modules/news`: what other folders may import from it (decision 0181); the rest is its own.
export { NewsRepository } from './news.repository.ts';
export { registerNewsRoutes } from './news.routes.ts';
export { NewsService } from './news.service.ts';
