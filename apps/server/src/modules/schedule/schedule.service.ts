import { clinicianVisitsService } from './clinician-visits.service.ts';
import { openHoursService } from './open-hours.service.ts';
import { patientBookingsService } from './patient-bookings.service.ts';
import type { ScheduleDependencies } from './visit-changes.ts';

export type ScheduleService = ReturnType<typeof scheduleService>;

/** The schedule as its routes and the demo see it: the clinician's visits, the patient's bookings and the open hours. */
export function scheduleService(deps: ScheduleDependencies) {
  return { ...clinicianVisitsService(deps), ...patientBookingsService(deps), ...openHoursService(deps) };
}
