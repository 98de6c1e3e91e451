export { patientProgramRoutes } from './patient-program.routes.ts';
export { type PatientProgramService, patientProgramService } from './patient-program.service.ts';
