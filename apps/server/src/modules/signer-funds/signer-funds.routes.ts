import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { SignerFundsService } from './signer-funds.service.ts';

/** `GET /api/admin/signer/funds` (operators only, by the route table). */
export function registerSignerFundsRoutes(app: FastifyInstance, signerFunds: SignerFundsService): void {
  registerRoute(app, apiRoutes.adminSignerFunds, () => signerFunds.report());
}
