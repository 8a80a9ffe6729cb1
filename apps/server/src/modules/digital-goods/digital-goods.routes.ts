import type { FastifyInstance } from 'fastify';
import { digitalGoodsRoutes } from '@hanabi/api';
import { readIdempotencyKey } from '../../http/idempotency.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import type { DigitalGoodsService } from './digital-goods.service.ts';

export function registerDigitalGoodsRoutes(app: FastifyInstance, goods: DigitalGoodsService): void {
  const routes = digitalGoodsRoutes;
  registerRoute(app, routes.listDigitalGoods, ({ session, query }) =>
    goods.list(requireSession(session), query),
  );
  registerRoute(app, routes.getDigitalGoods, ({ session, params }) =>
    goods.get(requireSession(session), params.id),
  );
  registerRoute(app, routes.createDigitalGoods, ({ session, body, request }) =>
    goods.create(requireSession(session), body, readIdempotencyKey(request.headers)),
  );
  registerRoute(app, routes.updateDigitalGoods, ({ session, params, body }) =>
    goods.update(requireSession(session), params.id, body),
  );
  registerRoute(app, routes.deleteDigitalGoods, async ({ session, params }) => {
    await goods.delete(requireSession(session), params.id);
    return null;
  });
  registerRoute(app, routes.publishDigitalGoods, ({ session, params }) =>
    goods.publish(requireSession(session), params.id),
  );
}
