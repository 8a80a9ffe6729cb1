// The public face of `modules/news`: what other folders may import from it (decision 0181); the rest is its own.
export { registerNewsRoutes } from './news.routes.ts';
export { wireNews } from './news.wiring.ts';
