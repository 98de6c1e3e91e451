import { clinicianVisitsService, type ClinicianVisitsService } from './clinician-visits.service.ts';
import { openHoursService, type OpenHoursService } from './open-hours.service.ts';
import { patientBookingsService, type PatientBookingsService } from './patient-bookings.service.ts';
import type { ScheduleDependencies } from './visit-changes.ts';

export type ScheduleService = ClinicianVisitsService & PatientBookingsService & OpenHoursService;

/** The schedule as its routes and the demo see it: the clinician's visits, the patient's bookings and the open hours. */
export function scheduleService(deps: ScheduleDependencies): ScheduleService {
  return { ...clinicianVisitsService(deps), ...patientBookingsService(deps), ...openHoursService(deps) };
}
