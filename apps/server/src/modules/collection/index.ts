// The public face of `modules/collection`: what other folders may import from it (decision 0181); the rest is its own.
export { CollectionPageService } from './collection-page.service.ts';
export { CollectionRepository } from './collection.repository.ts';
export { registerCollectionRoutes } from './collection.routes.ts';
export { CollectionService } from './collection.service.ts';
