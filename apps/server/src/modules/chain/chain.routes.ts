import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { ChainService } from './chain.service.ts';

export function registerChainRoutes(app: FastifyInstance, chain: ChainService): void {
  registerRoute(app, apiRoutes.blockchainArtifacts, () => chain.artifacts());
}
