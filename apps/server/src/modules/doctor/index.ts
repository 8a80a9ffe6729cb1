// The public face of `modules/doctor`: what other folders may import from it (decision 0181); the rest is its own.
export { registerDoctorRoutes } from './doctor.routes.ts';
export { wireDoctor, type DoctorService } from './doctor.wiring.ts';
export { configErrorReport, runDoctor } from './doctor.service.ts';
export { exitCodeOf, formatReport } from './doctor-report.ts';
export type { DoctorPorts } from './doctor.types.ts';
