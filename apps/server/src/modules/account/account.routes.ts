import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { notFound } from '../../http/app-error.ts';

/**
 * Account calls. Until the identity module is wired in no session exists, so the access rule answers 401
 * before the handler runs — which is exactly what the web guard reads as "signed out".
 */
export function registerAccountRoutes(app: FastifyInstance): void {
  registerRoute(app, apiRoutes.myAccountBase, () => {
    throw notFound('No Hanabi account exists for this sign-in yet.');
  });
}
