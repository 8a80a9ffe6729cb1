import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { DoctorService } from './doctor.wiring.ts';

/** `GET /api/admin/doctor` (operators only, by the route table). */
export function registerDoctorRoutes(app: FastifyInstance, doctor: DoctorService): void {
  registerRoute(app, apiRoutes.adminDoctor, () => doctor.report());
}
