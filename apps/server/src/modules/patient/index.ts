export { medicalRecordService, type MedicalRecordService } from './medical-record.service.ts';
export { patientRoutes } from './patient.routes.ts';
export { type PatientService, patientService } from './patient.service.ts';
export type { PlanLimits } from './plan-limit.ts';
