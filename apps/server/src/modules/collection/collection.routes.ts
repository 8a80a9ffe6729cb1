import type { FastifyInstance } from 'fastify';
import { collectionRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { CollectionService } from './collection.service.ts';

export function registerCollectionRoutes(app: FastifyInstance, collection: CollectionService): void {
  registerRoute(app, collectionRoutes.getCollection, ({ session, params }) =>
    collection.get(session, params.userId),
  );
  registerRoute(app, collectionRoutes.getCollectionItem, ({ session, params }) =>
    collection.item(session, params.id),
  );
}
