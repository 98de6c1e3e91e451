export type { ScheduleRow, ScheduleView } from './schedule.repository.ts';
export { scheduleRoutes } from './schedule.routes.ts';
export { scheduleJobs } from './schedule-jobs.ts';
export { toSchedule } from './schedule.mapper.ts';
export { changeVisit, lockVisitForClinician, lockVisitForPatient, visitView } from './visit-rows.ts';
export { visitRecordItems } from './clinician-visits.service.ts';
export { type ScheduleService, scheduleService } from './schedule.service.ts';
export { nextVisitStart } from './next-visit.ts';
export { timelineOf } from './open-hours.service.ts';
