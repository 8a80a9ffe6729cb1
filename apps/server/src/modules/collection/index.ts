// The public face of `modules/collection`: what other folders may import from it (decision 0181); the rest is its own.
export { registerCollectionRoutes } from './collection.routes.ts';
export { wireCollection } from './collection.wiring.ts';
