export { scheduleRepository, type ScheduleRow, type ScheduleView } from './schedule.repository.ts';
export { scheduleRoutes } from './schedule.routes.ts';
export { scheduleJobs, type ScheduleService, scheduleService, toSchedule } from './schedule.service.ts';
