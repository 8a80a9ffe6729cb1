import type { FastifyInstance } from 'fastify';
import { likeRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { LikeService } from './like.service.ts';

export function registerLikeRoutes(app: FastifyInstance, likes: LikeService): void {
  registerRoute(app, likeRoutes.getLike, ({ session, params }) => likes.get(session, params.kind, params.id));
  registerRoute(app, likeRoutes.addLike, ({ session, params }) =>
    likes.add(requireSession(session), params.kind, params.id),
  );
  registerRoute(app, likeRoutes.removeLike, ({ session, params }) =>
    likes.remove(requireSession(session), params.kind, params.id),
  );
}
